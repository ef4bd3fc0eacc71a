import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { chooseColumns, tabulate, toCsv, type CsvColumn } from "./csv";

const BOM = "\uFEFF";
const read = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false });

describe("toCsv", () => {
  it("starts with a UTF-8 byte-order mark and ends records with CRLF", () => {
    const text = toCsv({ headers: ["Property"], rows: [["Hôtel Élysée Montréal"], ["さくらイン 新宿"]] });
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toBe(`${BOM}Property\r\nHôtel Élysée Montréal\r\nさくらイン 新宿\r\n`);
    expect(Buffer.from(text, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("quotes commas, quotes and line breaks, and reads back exactly", () => {
    const awkward = [
      "Riverside & Co. Hotel, Savannah",
      'say "hi"',
      "two\nlines",
      "cr\rin the middle",
      "O'Brien's Lodge",
      "<img src=x onerror=alert(1)>",
    ];
    const text = toCsv({ headers: ["Value"], rows: awkward.map((value) => [value]) });
    expect(text).toContain('"Riverside & Co. Hotel, Savannah"');
    expect(text).toContain('"say ""hi"""');
    expect(
      read(text)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(awkward);
  });

  it("puts an apostrophe before text a spreadsheet would run as a formula", () => {
    const risky = ['=HYPERLINK("http://x","y")', "+1 808 555 0100", "-2+3", "@SUM(A1)", "\tTab", "\rReturn"];
    const text = toCsv({ headers: ["=Header"], rows: risky.map((value) => [value]) });
    const rows = read(text);
    expect(rows[0]).toEqual(["'=Header"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(risky.map((value) => `'${value}`));
  });

  it("leaves ordinary text and our own figures alone, negative ones included", () => {
    const rows = read(toCsv({ headers: ["a", "b", "c", "d"], rows: [["Harbour View Hotel", 0, -3, 12.5]] }));
    expect(rows[1]).toEqual(["Harbour View Hotel", "0", "-3", "12.5"]);
  });

  it("writes a table without rows as its header line alone", () => {
    expect(toCsv({ headers: ["Guest", "Room"], rows: [] })).toBe(`${BOM}Guest,Room\r\n`);
  });
});

describe("columns", () => {
  const columns: CsvColumn<{ a: string; b: number }>[] = [
    { group: "a", header: "A", cell: (row) => row.a },
    { group: "b", header: "B1", cell: (row) => row.b },
    { group: "b", header: "B2", cell: (row) => row.b * 2 },
  ];

  it("keeps the table's own order and every column of a chosen group", () => {
    const chosen = chooseColumns(columns, new Set(["b"]));
    expect(chosen.map((column) => column.header)).toEqual(["B1", "B2"]);
    expect(tabulate(chosen, [{ a: "x", b: 2 }])).toEqual({ headers: ["B1", "B2"], rows: [[2, 4]], groups: ["b"] });
  });

  it("names each chosen group once, in order", () => {
    expect(tabulate(columns, []).groups).toEqual(["a", "b"]);
  });
});
