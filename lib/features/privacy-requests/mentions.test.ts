import { describe, expect, it } from "vitest";

import { eraseName, mentionsName, nameWords } from "./mentions";

describe("a guest's name in a note", () => {
  const words = nameWords(["José", "García López"]);

  it("is found word by word, accents, case and punctuation aside", () => {
    expect(mentionsName("Spoke with jose GARCIA at the desk", words)).toBe(true);
    expect(mentionsName("López was told.", words)).toBe(true);
    expect(mentionsName("Nothing to add", words)).toBe(false);
    expect(mentionsName(null, words)).toBe(false);
    // Part of a longer word is not the name.
    expect(mentionsName("Josephine checked in", words)).toBe(false);
  });

  it("is replaced by [erased], the rest of the note kept", () => {
    expect(eraseName("Spoke with José García-López, room 12.", words)).toBe(
      "Spoke with [erased] [erased]-[erased], room 12.",
    );
  });

  it("leaves out one-letter words, too common to count", () => {
    expect([...nameWords(["J", "Doe"])]).toEqual(["doe"]);
  });
});
