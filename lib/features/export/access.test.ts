import { describe, expect, it } from "vitest";

import { ACTION_ROLES, ROLES } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";
import { AppError } from "@/lib/core/errors";

import {
  checkFullExport,
  exportAccessOf,
  identificationInExport,
  MIN_REASON_LENGTH,
  requireOwnPages,
  startsFromDaybook,
} from "./access";

const english = translatorFor("en", "errors");
const french = translatorFor("fr", "errors");

describe("exportAccessOf", () => {
  it("gives supervisors, regional staff and admins the export; a viewer none", () => {
    expect(exportAccessOf("viewer")).toEqual({ csv: false, fullIdentification: false });
    for (const role of ["supervisor", "regional", "admin"] as const) expect(exportAccessOf(role).csv).toBe(true);
  });

  it("offers full identification numbers in a file to admins only", () => {
    expect(exportAccessOf("admin").fullIdentification).toBe(true);
    for (const role of ["viewer", "supervisor", "regional"] as const)
      expect(exportAccessOf(role).fullIdentification).toBe(false);
  });
});

describe("identificationInExport", () => {
  it("is masked unless asked for, and only in a file with the ID column", () => {
    expect(identificationInExport("admin", false, true)).toBe("masked");
    expect(identificationInExport("admin", true, false)).toBe("masked");
    expect(identificationInExport("admin", true, true)).toBe("full");
    expect(identificationInExport("supervisor", true, true)).toBe("refused");
    expect(identificationInExport("supervisor", false, true)).toBe("masked");
  });

  it("follows who may export full numbers, not who may reveal one", () => {
    expect(ACTION_ROLES.exportFullIdentification).toEqual(["admin"]);
    for (const role of ACTION_ROLES.exportFullIdentification)
      expect(identificationInExport(role, true, true)).toBe("full");
    const cannot = ROLES.filter((role) => !(ACTION_ROLES.exportFullIdentification as readonly string[]).includes(role));
    for (const role of cannot) expect(identificationInExport(role, true, true)).toBe("refused");
  });
});

describe("checkFullExport", () => {
  it("asks for a reason of a few words", () => {
    for (const reason of [undefined, "", "   ", "x".repeat(MIN_REASON_LENGTH - 1)])
      expect(checkFullExport(reason, 1, 500)).toMatchObject({ ok: false, status: 400, code: "reason_required" });
    expect(checkFullExport("Police request ref. 2026/114", 1, 500)).toEqual({ ok: true });
  });

  it("refuses more rows than the cap, saying how many and how to narrow the file", () => {
    expect(checkFullExport("Police request ref. 2026/114", 500, 500)).toEqual({ ok: true });
    expect(checkFullExport("Police request ref. 2026/114", 1234, 500)).toEqual({
      ok: false,
      status: 422,
      code: "export_too_large",
      message:
        "This file would hold 1,234 full identification numbers; one export may hold at most 500. Narrow it with the property filter or a search, or download it with masked numbers.",
      refusal: { key: "fullIdTooMany", values: { rows: 1234, max: 500 } },
    });
  });

  it("has the catalogue say each refusal as the audit log keeps it in English, and in French", () => {
    for (const check of [
      checkFullExport(undefined, 1, 500),
      checkFullExport("Police request ref. 2026/114", 1234, 500),
    ]) {
      if (check.ok) throw new Error("refused above");
      expect(english(`refusal.${check.refusal.key}` as "refusal.fullIdReason", check.refusal.values)).toBe(
        check.message,
      );
    }
    const tooMany = checkFullExport("Police request ref. 2026/114", 1234, 500);
    expect(!tooMany.ok && french("refusal.fullIdTooMany", tooMany.refusal.values)).toMatch(
      /^Ce fichier contiendrait 1\u202f234 numéros d’identité complets ; un export peut en contenir au plus 500\./,
    );
  });
});

describe("requireOwnPages", () => {
  it("refuses a file asked for from elsewhere with a refusal the person's language words", () => {
    const elsewhere = new Headers({ "sec-fetch-site": "cross-site" });
    for (const [what, key] of [
      ["exports", "exportsFromDaybook"],
      ["records", "recordsFromDaybook"],
    ] as const) {
      let refused: unknown;
      try {
        requireOwnPages(elsewhere, what);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 403, code: "forbidden", refusal: key });
      expect(english(`refusal.${key}`)).toBe((refused as AppError).message);
    }
    expect(() => requireOwnPages(new Headers({ "sec-fetch-site": "same-origin" }))).not.toThrow();
  });
});

describe("startsFromDaybook", () => {
  const own = { secFetchSite: null, host: "daybook.example" };

  it("refuses a request another site's page made, by Sec-Fetch-Site or by Origin", () => {
    expect(startsFromDaybook({ ...own, secFetchSite: "cross-site", origin: null })).toBe(false);
    expect(startsFromDaybook({ ...own, origin: "http://evil.test" })).toBe(false);
    expect(startsFromDaybook({ ...own, origin: "https://daybook.example.evil.test" })).toBe(false);
    expect(startsFromDaybook({ ...own, origin: "https://daybook.example:8443" })).toBe(false);
    expect(startsFromDaybook({ ...own, origin: "null" })).toBe(false);
    expect(startsFromDaybook({ ...own, origin: "file://" })).toBe(false);
    expect(startsFromDaybook({ secFetchSite: null, host: null, origin: "https://daybook.example" })).toBe(false);
  });

  it("accepts Daybook's own origin, as the browser addressed it, and a request with no Origin", () => {
    expect(startsFromDaybook({ ...own, origin: "https://daybook.example" })).toBe(true);
    expect(startsFromDaybook({ ...own, secFetchSite: "same-origin", origin: "https://daybook.example" })).toBe(true);
    expect(startsFromDaybook({ ...own, origin: "https://DAYBOOK.example" })).toBe(true);
    expect(startsFromDaybook({ secFetchSite: null, host: "localhost:3000", origin: "http://localhost:3000" })).toBe(
      true,
    );
    expect(startsFromDaybook({ ...own, origin: null })).toBe(true);
  });
});
