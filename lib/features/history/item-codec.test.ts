import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { criminalArrivalFields, guestArrivalSchema } from "@/lib/server/partner-api/schemas";

import { decodeItem, encodeItem, fieldCode, ITEM_FIELD_CODES } from "./item-codec";

describe("the stored item's field codes", () => {
  it("cover every field of both kinds of arrival, and notKept, each with a code of its own", () => {
    const fields = new Set([
      ...Object.keys(guestArrivalSchema.shape),
      ...Object.keys(criminalArrivalFields.shape),
      "notKept",
    ]);
    expect(Object.keys(ITEM_FIELD_CODES).sort()).toEqual([...fields].sort());
    const codes = Object.values(ITEM_FIELD_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    // A code is never a field's own name, so an item read back can never be misread.
    for (const code of codes) expect(fields.has(code)).toBe(false);
  });

  it("give back the same item, values untouched, a field it does not know under its own name", () => {
    const item = {
      propertyName: "Harbour View Hotel",
      matchedBanAtCheckIn: null,
      isCurrentlyBanned: false,
      crimeTypes: ["Theft"],
      notKept: { policy: "Strict", fields: ["address"] },
      somethingNew: 1,
    };
    const stored = encodeItem(item);
    expect(stored).toEqual({
      p: "Harbour View Hotel",
      mb: null,
      cb: false,
      ty: ["Theft"],
      nk: { policy: "Strict", fields: ["address"] },
      somethingNew: 1,
    });
    expect(decodeItem(stored)).toEqual(item);
    expect(fieldCode("somethingNew")).toBe("somethingNew");
  });

  it("are the codes the history migration wrote existing items with", () => {
    const migration = fs.readFileSync(path.join(__dirname, "../../../drizzle/0010_history-columns.sql"), "utf8");
    const pairs = [...migration.matchAll(/\('(\w+)', '(\w+)'\)/g)].map((match) => [match[1], match[2]]);
    expect(Object.fromEntries(pairs)).toEqual(ITEM_FIELD_CODES);
  });
});
