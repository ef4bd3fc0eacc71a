import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of a PDF, page by page, as a reader would copy it: pdf.js (Mozilla's, well kept, pure
 * JavaScript; its legacy build runs on Node 20). Each page's runs are joined with a space per line
 * break, so a test can look for whole words and phrases.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; text: string; title: string | null }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join("")
          .replace(/[ \t]*\n[ \t]*/g, "\n"),
      );
    }
    const { info } = await document.getMetadata();
    const title = (info as { Title?: unknown } | null)?.Title;
    return { pages, text: pages.join("\n"), title: typeof title === "string" ? title : null };
  } finally {
    await document.destroy();
  }
}
