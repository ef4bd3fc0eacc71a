import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import {
  BOTH_FLAGS_NOTE,
  crimeTypeInWords,
  flagIdsOf,
  flagsOf,
  KNOWN_CRIME_TYPES,
  NONE_LISTED,
  offenseDetailsWithheld,
  offenseListsOf,
  WITHHELD_MESSAGE,
} from "./offense-lists";

const base = {
  hasCriminalRecord: true,
  isSexualOffender: false,
  crimeTypes: ["FELONY"],
  offenseDescriptions: ["Burglary"],
};

describe("offenseListsOf", () => {
  it("keeps lists of different lengths whole and apart, in the API's order", () => {
    const view = offenseListsOf({
      ...base,
      crimeTypes: ["MISDEMEANOR"],
      offenseDescriptions: ["Assault", "Trespass", "Possession"],
    });
    expect(view).toEqual({
      kind: "lists",
      crimeTypes: {
        id: "crimeTypes",
        heading: "Crime types",
        items: ["Misdemeanor"],
        values: ["MISDEMEANOR"],
        emptyText: NONE_LISTED,
      },
      offenseDescriptions: {
        id: "offenseDescriptions",
        heading: "Offense descriptions",
        items: ["Assault", "Trespass", "Possession"],
        values: ["Assault", "Trespass", "Possession"],
        emptyText: NONE_LISTED,
      },
      note: null,
    });
    const longer = offenseListsOf({ ...base, crimeTypes: ["FELONY", "MISDEMEANOR"], offenseDescriptions: ["Fraud"] });
    expect(longer.kind === "lists" && longer.crimeTypes.items).toEqual(["Felony", "Misdemeanor"]);
    expect(longer.kind === "lists" && longer.offenseDescriptions.items).toEqual(["Fraud"]);
  });

  it("says the API withholds details for a sex-offender-only match with both lists empty", () => {
    const view = offenseListsOf({
      hasCriminalRecord: false,
      isSexualOffender: true,
      crimeTypes: [],
      offenseDescriptions: [],
    });
    expect(view).toEqual({ kind: "withheld", message: WITHHELD_MESSAGE });
    expect(
      offenseDetailsWithheld({
        hasCriminalRecord: false,
        isSexualOffender: true,
        crimeTypes: [],
        offenseDescriptions: [],
      }),
    ).toEqual({ reason: "registry" });
    expect(WITHHELD_MESSAGE).toBe("Sex-offender registry match: the API withholds offense details for these.");
  });

  it("reads 'None listed' for an empty crime-type list beside descriptions", () => {
    const view = offenseListsOf({ ...base, crimeTypes: [], offenseDescriptions: ["Burglary"] });
    expect(view.kind).toBe("lists");
    if (view.kind === "lists") {
      expect(view.crimeTypes.items).toEqual([]);
      expect(view.crimeTypes.emptyText).toBe("None listed");
      expect(view.offenseDescriptions.items).toEqual(["Burglary"]);
    }
  });

  it("does not claim withholding for a criminal-record match whose lists are empty", () => {
    const view = offenseListsOf({ ...base, crimeTypes: [], offenseDescriptions: [] });
    expect(view.kind).toBe("lists");
  });

  it("notes the withheld registry details when a guest has both flags", () => {
    const view = offenseListsOf({ ...base, isSexualOffender: true });
    expect(view.kind === "lists" && view.note).toBe(BOTH_FLAGS_NOTE);
  });

  it("does not share arrays with the report", () => {
    const item = { ...base, offenseDescriptions: ["A"] };
    const view = offenseListsOf(item);
    if (view.kind === "lists") view.offenseDescriptions.items.push("B");
    expect(item.offenseDescriptions).toEqual(["A"]);
  });
});

describe("crimeTypeInWords", () => {
  it("puts known values in words and leaves unknown ones as sent", () => {
    expect(crimeTypeInWords("FELONY")).toBe("Felony");
    expect(crimeTypeInWords("MISDEMEANOR")).toBe("Misdemeanor");
    expect(crimeTypeInWords("PETTY_OFFENSE")).toBe("Petty offense");
    expect(crimeTypeInWords("INFRACTION")).toBe("INFRACTION");
  });
});

describe("the screen's words", () => {
  it("word every known crime type, flag and list in both languages, and the English as the CSV writes it", () => {
    const en = translatorFor("en", "criminalArrivals");
    for (const value of KNOWN_CRIME_TYPES) expect(en(`crimeTypes.${value}`)).toBe(crimeTypeInWords(value));
    expect(en("flags.criminalRecord")).toBe("Criminal record");
    expect(en("offenses.noneListed")).toBe(NONE_LISTED);
    expect(en("offenses.registry")).toBe(WITHHELD_MESSAGE);
    expect(en("offenses.bothFlags")).toBe(BOTH_FLAGS_NOTE);
    expect(translatorFor("fr", "criminalArrivals")("crimeTypes.FELONY")).toBe("Crime grave");
  });

  it("keep the machine values and the policy for the screen to word", () => {
    const view = offenseListsOf({ ...base, crimeTypes: ["FELONY", "INFRACTION"] });
    expect(view.kind === "lists" && view.crimeTypes.values).toEqual(["FELONY", "INFRACTION"]);
    const notKept = offenseListsOf({
      ...base,
      crimeTypes: undefined,
      offenseDescriptions: undefined,
      notKept: { policy: "EU", fields: ["offenseDetails"] },
    });
    expect(notKept).toEqual({ kind: "withheld", message: "Offense details: Not kept under EU." });
    expect(
      offenseDetailsWithheld({
        ...base,
        crimeTypes: undefined,
        offenseDescriptions: undefined,
        notKept: { policy: "EU", fields: ["offenseDetails"] },
      }),
    ).toEqual({ reason: "notKept", policy: "EU" });
    expect(translatorFor("en", "criminalArrivals")("offenses.notKept", { policy: "EU" })).toBe(
      "Offense details: Not kept under EU.",
    );
    expect(offenseDetailsWithheld(base)).toBeNull();
  });
});

describe("flagIdsOf", () => {
  it("gives the flags in the same order as their words", () => {
    expect(flagIdsOf({ hasCriminalRecord: true, isSexualOffender: true })).toEqual(["criminalRecord", "sexOffender"]);
  });
});

describe("flagsOf", () => {
  it("gives each flag its own words", () => {
    expect(flagsOf({ hasCriminalRecord: true, isSexualOffender: true })).toEqual(["Criminal record", "Sex offender"]);
    expect(flagsOf({ hasCriminalRecord: false, isSexualOffender: true })).toEqual(["Sex offender"]);
    expect(flagsOf({ hasCriminalRecord: true, isSexualOffender: false })).toEqual(["Criminal record"]);
  });
});
