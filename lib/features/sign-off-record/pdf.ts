import "server-only";

import { readFile } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { create as parseFont, type Font } from "fontkit";
import PDFDocument from "pdfkit";

import type { RecordGuest, SignOffRecordView } from "./assemble";
import type { RecordVoice } from "./voice";

/**
 * The sign-off record as a PDF, drawn on the server with pdfkit (pure JavaScript: no browser, no
 * native code), in the words and formats of the person who downloads it. Guests' names come in
 * Latin, Cyrillic and Japanese scripts, which the PDF standard fonts cannot draw, so Noto Sans JP
 * (which covers all three, and French's accents and apostrophe) is embedded, subset to the glyphs used.
 */

interface Fonts {
  regular: Font;
  bold: Font;
}

let fonts: Promise<Fonts> | null = null;

/**
 * Read and parsed once per process; a failed read is not kept, so the next file tries again. Given
 * the bytes, pdfkit would parse each 5 MB font again for every document (its glyph index, metrics and
 * layout tables: about 15 ms and tens of MB a file, all garbage afterwards); given the parsed font it
 * only subsets it. Every document subsets it on its own, and a subset reads the font, never changes it.
 */
function loadFonts(): Promise<Fonts> {
  fonts ??= (async () => {
    // The server runs from the project's directory (npm start, npm run demo): the font package is
    // there. Literal paths, so the build traces these two files and not the whole project.
    const [regular, bold] = await Promise.all([
      readFile(
        path.join(process.cwd(), "node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf"),
      ),
      readFile(path.join(process.cwd(), "node_modules/@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf")),
    ]);
    return { regular: parseFont(regular), bold: parseFont(bold) };
  })().catch((error: unknown) => {
    fonts = null;
    throw error;
  });
  return fonts;
}

/**
 * pdfkit takes a parsed font wherever it takes font bytes (it checks for fontkit's `layout`), though
 * its type declarations name only bytes and file names.
 */
const fontSource = (font: Font) => font as unknown as Uint8Array;

/**
 * Drawing is synchronous: without a pause the whole document, and the next one waiting behind it,
 * would run without the event loop turning, and the probes and every other request would wait.
 */
const GUESTS_BETWEEN_PAUSES = 5;

const MARGIN = 50;
const INK = "#1c1917";
const MUTED = "#57534e";

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Text as the embedded font can draw it. Noto Sans JP has no narrow no-break space (U+202F) nor thin
 * space (U+2009), which French and Swiss number and time formats put between digits and before "%":
 * a no-break space (U+00A0) stands in, so "12 345,6" never shows a missing glyph and never breaks.
 */
const drawable = (text: string) => text.replace(/[\u202f\u2009]/g, "\u00a0");

function heading(doc: Doc, text: string, size = 13) {
  doc.font("bold").fontSize(size).fillColor(INK).text(drawable(text));
  doc.moveDown(0.2);
}

/** A labelled line of the record; `words` say the label in the reader's language ("Note: ", "Note : "). */
function fielder(doc: Doc, { t }: RecordVoice) {
  return (label: string, value: string) => {
    doc
      .font("bold")
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(drawable(t("pdf.field", { label })), { continued: true });
    doc.font("regular").fillColor(INK).text(drawable(value));
  };
}

function list(doc: Doc, label: string, items: readonly string[], empty: string) {
  doc.font("bold").fontSize(9.5).fillColor(MUTED).text(drawable(label));
  doc.font("regular").fillColor(INK);
  if (items.length === 0) doc.text(drawable(empty), { indent: 12 });
  else doc.list(items.map(drawable), { bulletIndent: 6, textIndent: 14, bulletRadius: 1.5 });
}

function guest(doc: Doc, guest: RecordGuest, index: number, total: number, voice: RecordVoice) {
  const { t } = voice;
  const field = fielder(doc, voice);
  const { format } = voice;
  heading(doc, t("pdf.guest", { index: format.number(index + 1), total: format.number(total), name: guest.name }), 12);
  field(t("pdf.identification"), guest.identification);
  field(t("pdf.checkedIn"), guest.checkedIn);
  field(t("pdf.localDate"), guest.localDate);
  field(t("pdf.gender"), guest.gender);
  field(t("pdf.source"), guest.source);
  field(t("pdf.flags"), guest.flags.join(", "));
  doc.moveDown(0.3);
  if (guest.offenses.kind === "withheld") {
    field(t("pdf.offenses"), guest.offenses.message);
  } else {
    for (const offenses of [guest.offenses.crimeTypes, guest.offenses.offenseDescriptions]) {
      list(doc, voice.criminal(`offenses.${offenses.id}`), offenses.items, offenses.emptyText);
    }
    if (guest.offenses.note) doc.font("regular").fontSize(8.5).fillColor(MUTED).text(drawable(guest.offenses.note));
  }
  doc.moveDown(0.3);
  const ack = guest.acknowledgement;
  field(
    t("pdf.deskAck"),
    ack.kind === "acknowledged"
      ? t("pdf.acknowledged", { label: ack.label, local: ack.localText, utc: ack.utcText })
      : t("pdf.notAcknowledged", { label: ack.label, explanation: ack.explanation }),
  );
  field(t("pdf.review"), guest.review ? guest.review.text : (guest.noReview ?? ""));
  if (guest.review) {
    const { outcome } = guest.review;
    field(t("pdf.outcome"), guest.review.policeContacted ? t("pdf.police", { outcome }) : outcome);
  }
  if (guest.review?.note) field(t("pdf.note"), guest.review.note);
}

/** The record as a PDF document (A4), its pages numbered, in the `voice` of the person who downloads it. */
export async function renderRecordPdf(view: SignOffRecordView, voice: RecordVoice): Promise<Buffer> {
  const { t, format } = voice;
  const { regular, bold } = await loadFonts();
  await nextTurn();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    // The title names the property and the day; never a guest.
    info: { Title: view.title, Creator: "Daybook", Producer: "Daybook" },
    lang: voice.language,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.registerFont("regular", fontSource(regular));
  doc.registerFont("bold", fontSource(bold));

  const field = fielder(doc, voice);
  heading(doc, t("heading"), 16);
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(INK)
    .text(drawable(`${view.property} · ${view.dayText}`));
  doc.moveDown(0.6);
  field(t("pdf.signOff"), view.signOff ? view.signOff.text : (view.notSignedOff ?? ""));
  if (view.signOff) {
    if (view.signOff.note) field(t("pdf.note"), view.signOff.note);
    field(t("pdf.signedOffCount"), format.number(view.signOff.itemCount));
  }
  field(t("pdf.pulled"), view.copy.pulled);
  field(t("pdf.generated"), view.copy.generated);
  field(t("pdf.summary"), view.summary);
  field(t("pdf.outcomes"), view.outcomes);
  field(view.falseMatch.label, view.falseMatch.text);
  doc.font("regular").fontSize(8.5).fillColor(MUTED).text(drawable(view.produced));
  doc.text(drawable(view.timesNote));
  doc.moveDown(0.8);

  if (view.purgedText) {
    doc.font("regular").fontSize(10).fillColor(INK).text(drawable(view.purgedText));
  }
  const bottom = doc.page.height - MARGIN;
  for (const [index, entry] of view.guests.entries()) {
    if (index > 0 && index % GUESTS_BETWEEN_PAUSES === 0) await nextTurn();
    // A guest starts a page of their own rather than being split a few lines from the bottom.
    if (doc.y > bottom - 180) doc.addPage();
    else if (index > 0) {
      doc.moveDown(0.4);
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(doc.page.width - MARGIN, doc.y)
        .lineWidth(0.5)
        .strokeColor("#d6d3d1")
        .stroke();
      doc.moveDown(0.6);
    }
    guest(doc, entry, index, view.guests.length, voice);
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const text = drawable(
      t("pdf.footer", {
        property: view.property,
        day: format.dayWithYear(view.day),
        page: format.number(page - range.start + 1),
        pages: format.number(range.count),
      }),
    );
    // Written inside the bottom margin: lifting the margin keeps pdfkit from starting a new page.
    const margins = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(MUTED)
      .text(text, MARGIN, doc.page.height - MARGIN + 16, { width: doc.page.width - 2 * MARGIN, align: "center" });
    doc.page.margins.bottom = margins;
  }
  doc.end();
  return finished;
}
