import { describe, expect, it } from "vitest";

import { translatorFor } from "./catalogue";
import {
  choiceNamed,
  matchPropertyChoices,
  propertyChoiceLabel,
  soleProperty,
  type PropertyChoice,
} from "./property-choices";

const HARBOUR: PropertyChoice = { name: "Harbour View Hotel", zones: ["Pacific/Honolulu"] };
const RIVERSIDE: PropertyChoice = { name: "Riverside & Co. Hotel", zones: ["America/Chicago"] };
const ELYSEE: PropertyChoice = { name: "Hôtel Élysée Montréal", zones: ["America/Toronto"] };
const SEASIDE: PropertyChoice = { name: "Seaside Suites", zones: ["America/Los_Angeles", "America/New_York"] };
const UNSEEN: PropertyChoice = { name: "Garden Court Inn", zones: [] };
const ALL = [ELYSEE, HARBOUR, RIVERSIDE, SEASIDE, UNSEEN];

const names = (choices: readonly PropertyChoice[]) => choices.map((choice) => choice.name);

describe("matchPropertyChoices", () => {
  it("offers every choice, in order, when nothing is typed", () => {
    expect(names(matchPropertyChoices(ALL, ""))).toEqual(names(ALL));
    expect(names(matchPropertyChoices(ALL, "   "))).toEqual(names(ALL));
  });

  it("matches as the API matches: casing and spacing aside, accents kept", () => {
    expect(names(matchPropertyChoices(ALL, "hôtel élysée"))).toEqual([ELYSEE.name]);
    expect(names(matchPropertyChoices(ALL, "HÔTELÉLYSÉE"))).toEqual([ELYSEE.name]);
    expect(names(matchPropertyChoices(ALL, "harbour  view"))).toEqual([HARBOUR.name]);
    // The API does not loosen accents, so neither does the list.
    expect(matchPropertyChoices(ALL, "hotel elysee")).toEqual([]);
  });

  it("matches a decomposed spelling of the same accented letters", () => {
    expect(names(matchPropertyChoices(ALL, "ho\u0302tel"))).toEqual([ELYSEE.name]);
  });

  it("lists names beginning with the text before names holding it", () => {
    expect(names(matchPropertyChoices(ALL, "hotel"))).toEqual([HARBOUR.name, RIVERSIDE.name]);
    expect(names(matchPropertyChoices(ALL, "h"))).toEqual([ELYSEE.name, HARBOUR.name, RIVERSIDE.name]);
  });

  it("finds nothing for a name that is none of the person's", () => {
    expect(matchPropertyChoices(ALL, "Nowhere")).toEqual([]);
    expect(matchPropertyChoices([], "Harbour")).toEqual([]);
  });
});

describe("choiceNamed", () => {
  it("is the choice the API would read a typed name as", () => {
    expect(choiceNamed(ALL, "harbourviewhotel")).toBe(HARBOUR);
    expect(choiceNamed(ALL, "Harbour View")).toBeUndefined();
  });
});

describe("propertyChoiceLabel", () => {
  it("names a shared name's properties by their zones, in the words its rows use", () => {
    expect(propertyChoiceLabel(SEASIDE)).toBe("Seaside Suites — Los Angeles time, New York time");
    expect(propertyChoiceLabel(SEASIDE, translatorFor("fr", "common"))).toBe(
      "Seaside Suites — heure de Los Angeles, heure de New York",
    );
  });

  it("is the name alone for one property, seen or not", () => {
    expect(propertyChoiceLabel(HARBOUR)).toBe("Harbour View Hotel");
    expect(propertyChoiceLabel(UNSEEN)).toBe("Garden Court Inn");
  });
});

describe("soleProperty", () => {
  it("is the one property of a person who has one", () => {
    expect(soleProperty([HARBOUR])).toBe("Harbour View Hotel");
    expect(soleProperty([UNSEEN])).toBe("Garden Court Inn");
  });

  it("is none for several properties, none, or one name several properties share", () => {
    expect(soleProperty([HARBOUR, RIVERSIDE])).toBeNull();
    expect(soleProperty([])).toBeNull();
    expect(soleProperty([SEASIDE])).toBeNull();
  });
});
