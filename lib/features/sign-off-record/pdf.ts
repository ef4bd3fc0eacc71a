import "server-only";

import { readFile } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { create as parseFont, type Font } from "fontkit";
import PDFDocument from "pdfkit";

import type { RecordGuest, SignOffRecordView } from "./assemble";

/**
 * The sign-off record as a PDF, drawn on the server with pdfkit (pure JavaScript: no browser, no
 * native code). Guests' names come in Latin, Cyrillic and Japanese scripts, which the PDF standard
 * fonts cannot draw, so Noto Sans JP (which covers all three) is embedded, subset to the glyphs used.
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

function heading(doc: Doc, text: string, size = 13) {
  doc.font("bold").fontSize(size).fillColor(INK).text(text);
  doc.moveDown(0.2);
}

function field(doc: Doc, label: string, value: string) {
  doc.font("bold").fontSize(9.5).fillColor(MUTED).text(`${label}: `, { continued: true });
  doc.font("regular").fillColor(INK).text(value);
}

function list(doc: Doc, label: string, items: readonly string[], empty: string) {
  doc.font("bold").fontSize(9.5).fillColor(MUTED).text(label);
  doc.font("regular").fillColor(INK);
  if (items.length === 0) doc.text(empty, { indent: 12 });
  else doc.list([...items], { bulletIndent: 6, textIndent: 14, bulletRadius: 1.5 });
}

function note(doc: Doc, text: string | null) {
  if (text) field(doc, "Note", text);
}

function guest(doc: Doc, guest: RecordGuest, index: number, total: number) {
  heading(doc, `${index + 1} of ${total}. ${guest.name}`, 12);
  field(doc, "Identification number", guest.identification);
  field(doc, "Checked in", guest.checkedIn);
  field(doc, "Local date at the property", guest.localDate);
  field(doc, "Gender", guest.gender);
  field(doc, "Source", guest.source);
  field(doc, "Screening matches", guest.flags.join(", "));
  doc.moveDown(0.3);
  if (guest.offenses.kind === "withheld") {
    field(doc, "Offenses", guest.offenses.message);
  } else {
    list(doc, guest.offenses.crimeTypes.heading, guest.offenses.crimeTypes.items, guest.offenses.crimeTypes.emptyText);
    list(
      doc,
      guest.offenses.offenseDescriptions.heading,
      guest.offenses.offenseDescriptions.items,
      guest.offenses.offenseDescriptions.emptyText,
    );
    if (guest.offenses.note) doc.font("regular").fontSize(8.5).fillColor(MUTED).text(guest.offenses.note);
  }
  doc.moveDown(0.3);
  const ack = guest.acknowledgement;
  field(
    doc,
    "Desk acknowledgement (from the API)",
    ack.kind === "acknowledged" ? `${ack.label}: ${ack.localText}; ${ack.utcText}` : `${ack.label}. ${ack.explanation}`,
  );
  field(doc, "Daybook review", guest.review ? guest.review.text : (guest.noReview ?? ""));
  if (guest.review) {
    field(doc, "Outcome", `${guest.review.outcome}${guest.review.policeContacted ? "; police contacted" : ""}`);
  }
  note(doc, guest.review?.note ?? null);
}

/** The record as a PDF document (A4), its pages numbered. */
export async function renderRecordPdf(view: SignOffRecordView): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  await nextTurn();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    // The title names the property and the day; never a guest.
    info: { Title: view.title, Creator: "Daybook", Producer: "Daybook" },
    lang: "en-US",
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.registerFont("regular", fontSource(regular));
  doc.registerFont("bold", fontSource(bold));

  heading(doc, "Criminal-arrival sign-off record", 16);
  doc.font("regular").fontSize(11).fillColor(INK).text(`${view.property} · ${view.dayText}`);
  doc.moveDown(0.6);
  field(doc, "Sign-off", view.signOff ? view.signOff.text : (view.notSignedOff ?? ""));
  if (view.signOff) {
    note(doc, view.signOff.note);
    field(doc, "Criminal arrivals signed off", view.signOff.itemCount.toLocaleString("en-US"));
  }
  field(doc, "Stored copy pulled at", view.copy.pulled);
  field(doc, "Day computed by the API at", view.copy.generated);
  field(doc, "On this record", view.summary);
  field(doc, "Outcomes", view.outcomes);
  field(doc, view.falseMatch.label, view.falseMatch.text);
  doc.font("regular").fontSize(8.5).fillColor(MUTED).text(view.produced);
  doc.text(view.timesNote);
  doc.moveDown(0.8);

  if (view.purgedText) {
    doc.font("regular").fontSize(10).fillColor(INK).text(view.purgedText);
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
    guest(doc, entry, index, view.guests.length);
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const text = `${view.property} · ${view.day} · page ${page - range.start + 1} of ${range.count}`;
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
