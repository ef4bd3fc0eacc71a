import { describe, expect, it } from "vitest";

import {
  ALL_FIELDS_KEPT,
  CRIMINAL_FIELDS,
  droppedFields,
  GUEST_FIELDS,
  holdsDroppedField,
  isOverdue,
  keepUnder,
  normalizeBirthDate,
  normalizeDocumentNumber,
  normalizePersonName,
  notKeptFor,
  policyFor,
  type NotKept,
  type PolicySet,
  type PrivacyPolicy,
} from "./privacy";

const DEFAULT: PrivacyPolicy = {
  id: "default",
  name: "Default",
  isDefault: true,
  retentionDays: 90,
  kept: ALL_FIELDS_KEPT,
  criminalDetails: true,
  legalHold: null,
};
const EU: PrivacyPolicy = {
  id: "eu",
  name: "EU",
  isDefault: false,
  retentionDays: 30,
  kept: { ...ALL_FIELDS_KEPT, dateOfBirth: false, email: false, offenseDetails: false },
  criminalDetails: true,
  legalHold: null,
};
const LOOSE: PrivacyPolicy = { ...DEFAULT, id: "loose", name: "Loose", isDefault: false };

const SET: PolicySet = {
  policies: [DEFAULT, EU, LOOSE],
  assignments: [{ propertyName: "Hôtel Élysée Montréal", policyId: "eu" }],
};

const guest: Record<string, unknown> & { notKept?: NotKept } = {
  propertyName: "Hôtel Élysée Montréal",
  firstName: "Aoife",
  lastName: "Davis",
  dateOfBirth: "1984-03-02T00:00:00",
  email: "aoife@example.com",
  phone: "+41 79 555 73 18",
  identificationNumber: "S2234668",
  documentExpirationDate: "2033-04-23T00:00:00",
  address: "Limmatquai 118",
  city: "Luzern",
  state: "LU",
  zipCode: "6067",
};

describe("policyFor", () => {
  it("finds a property's own policy by its name as the API compares names (case, spacing)", () => {
    expect(policyFor(SET, "Hôtel Élysée Montréal").name).toBe("EU");
    expect(policyFor(SET, "hôtel  élysée MONTRÉAL").name).toBe("EU");
    // The same letters composed the other way (NFD) are the same name.
    expect(policyFor(SET, "Hôtel Élysée Montréal".normalize("NFD")).name).toBe("EU");
  });

  it("falls back to the default for a property without one, or whose policy is gone", () => {
    expect(policyFor(SET, "Harbour View Hotel").name).toBe("Default");
    const gone: PolicySet = { ...SET, assignments: [{ propertyName: "Harbour View Hotel", policyId: "deleted" }] };
    expect(policyFor(gone, "Harbour View Hotel").name).toBe("Default");
  });

  it("refuses a set without a default rather than keep everything by accident", () => {
    expect(() => policyFor({ policies: [EU], assignments: [] }, "Harbour View Hotel")).toThrow(/default/);
  });
});

describe("keepUnder", () => {
  it("removes the fields a policy does not keep (never blanks them) and says which, under which policy", () => {
    const kept = keepUnder(guest, EU, GUEST_FIELDS);
    expect(kept).not.toHaveProperty("dateOfBirth");
    expect(kept).not.toHaveProperty("email");
    expect(kept).toMatchObject({ firstName: "Aoife", phone: guest.phone, identificationNumber: "S2234668" });
    expect(kept.notKept).toEqual({ policy: "EU", fields: ["dateOfBirth", "email"] });
    // The input is left as it was.
    expect(guest.dateOfBirth).toBe("1984-03-02T00:00:00");
  });

  it("drops only what an item of its kind has: offense details from criminal arrivals", () => {
    const arrival = { propertyName: "X", firstName: "A", crimeTypes: ["THEFT"], offenseDescriptions: ["Theft"] };
    const kept = keepUnder(arrival, EU, CRIMINAL_FIELDS);
    expect(kept).toEqual({ propertyName: "X", firstName: "A", notKept: { policy: "EU", fields: ["offenseDetails"] } });
  });

  it("leaves an item a policy keeps whole untouched (the same object)", () => {
    expect(keepUnder(guest, DEFAULT, GUEST_FIELDS)).toBe(guest);
  });

  it("keeps what an earlier policy dropped dropped under a later, more permissive one", () => {
    const dropped = keepUnder(guest, EU, GUEST_FIELDS);
    const later = keepUnder(dropped, LOOSE, GUEST_FIELDS);
    expect(later).toEqual(dropped);
    expect(later.notKept).toEqual({ policy: "EU", fields: ["dateOfBirth", "email"] });
    // A later, stricter one adds its own, and its name is the one shown.
    const stricter = keepUnder(dropped, { ...EU, name: "Strict", kept: { ...EU.kept, phone: false } }, GUEST_FIELDS);
    expect(stricter).not.toHaveProperty("phone");
    expect(stricter.notKept).toEqual({ policy: "Strict", fields: ["dateOfBirth", "email", "phone"] });
  });

  it("names the field not kept on a screen, and nothing for one kept", () => {
    const kept = keepUnder(guest, EU, GUEST_FIELDS);
    expect(notKeptFor(kept, "dateOfBirth")).toBe("Not kept under EU");
    expect(notKeptFor(kept, "phone")).toBeNull();
    expect(notKeptFor(guest, "dateOfBirth")).toBeNull();
  });
});

describe("holdsDroppedField", () => {
  it("tells whether an item still holds a field its policy does not keep", () => {
    expect(holdsDroppedField(guest, EU, GUEST_FIELDS)).toBe(true);
    expect(holdsDroppedField(keepUnder(guest, EU, GUEST_FIELDS), EU, GUEST_FIELDS)).toBe(false);
    expect(holdsDroppedField(guest, DEFAULT, GUEST_FIELDS)).toBe(false);
    // Offense details are no guest field.
    const onlyOffenses = { ...DEFAULT, kept: { ...ALL_FIELDS_KEPT, offenseDetails: false } };
    expect(holdsDroppedField(guest, onlyOffenses, GUEST_FIELDS)).toBe(false);
    expect(holdsDroppedField({ offenseDescriptions: [] }, onlyOffenses, CRIMINAL_FIELDS)).toBe(true);
  });

  it("lists the dropped fields in the policy fields' order", () => {
    expect(droppedFields(EU)).toEqual(["dateOfBirth", "email", "offenseDetails"]);
    expect(droppedFields(DEFAULT)).toEqual([]);
  });
});

describe("the normalizers", () => {
  it("compares names as people type them: accents, case, punctuation and spacing aside", () => {
    expect(normalizePersonName("José ", " O'Brien")).toBe("jose obrien");
    expect(normalizePersonName("JOSE", null, "obrien")).toBe("jose obrien");
    expect(normalizePersonName("結衣", "田中")).toBe("結衣 田中");
  });

  it("reads a date of birth as its calendar day, or nothing", () => {
    expect(normalizeBirthDate("1990-04-01T00:00:00")).toBe("1990-04-01");
    expect(normalizeBirthDate(" 1990-04-01 ")).toBe("1990-04-01");
    expect(normalizeBirthDate("01/04/1990")).toBeNull();
  });

  it("reads a document number without case, spaces, dashes, dots or slashes", () => {
    expect(normalizeDocumentNumber("t4459-440732 82")).toBe("T445944073282");
    expect(normalizeDocumentNumber("ＴＺ３６２８５９３")).toBe("TZ3628593");
  });
});

describe("isOverdue", () => {
  it("marks an open request past its due date, and never a closed one", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(isOverdue({ state: "open", dueAt: "2026-11-23T11:59:59Z" }, now)).toBe(true);
    expect(isOverdue({ state: "open", dueAt: "2026-11-23T12:00:00Z" }, now)).toBe(false);
    expect(isOverdue({ state: "done", dueAt: "2026-11-01T00:00:00Z" }, now)).toBe(false);
  });
});
