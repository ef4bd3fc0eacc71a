import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { columnLayout, DEFAULT_VISIBLE_COLUMNS, GUEST_COLUMNS, parseStoredColumns, visibleColumns } from "./columns";

describe("guest columns", () => {
  it("always show the guest, screening and staff columns; staff apart from screening", () => {
    const fixed = visibleColumns([]).map((column) => column.id);
    expect(fixed).toEqual(["name", "screening", "staff"]);
  });

  it("cover every field of the guest item by default", () => {
    expect(visibleColumns(DEFAULT_VISIBLE_COLUMNS)).toHaveLength(GUEST_COLUMNS.length);
  });

  it("keep the table's order whatever order the choice came in", () => {
    expect(visibleColumns(["source", "room"]).map((column) => column.id)).toEqual([
      "name",
      "screening",
      "staff",
      "room",
      "source",
    ]);
  });

  it("read a stored choice defensively", () => {
    expect(parseStoredColumns(null)).toEqual([...DEFAULT_VISIBLE_COLUMNS]);
    expect(parseStoredColumns("junk")).toEqual([...DEFAULT_VISIBLE_COLUMNS]);
    expect(parseStoredColumns({ visible: ["email", "nope", "room", "email"] })).toEqual(["room", "email"]);
    expect(parseStoredColumns({ visible: [] })).toEqual([]);
  });

  it("have a heading in every language", () => {
    for (const language of ["en", "fr"] as const) {
      const t = translatorFor(language, "guests");
      for (const column of GUEST_COLUMNS) expect(t(`columns.${column.id}`)).not.toMatch(/^guests\.|^$/);
    }
    expect(translatorFor("en", "guests")("columns.checkIn")).toBe("Checked in (property time)");
  });

  it("lay out header and rows on the same grid", () => {
    expect(columnLayout(visibleColumns([]))).toEqual({ template: "200px 250px 130px", width: 580 });
  });
});
