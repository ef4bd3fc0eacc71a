import { describe, expect, it } from "vitest";

import type { FalseMatchCell } from "@/lib/features/investigations/outcome-rates";

import { falseMatchText as wordFalseMatch, percentText as wordPercent } from "./false-match";
import { recordVoice } from "./voice";

const english = recordVoice();
const falseMatchText = (figures: FalseMatchCell) => wordFalseMatch(figures, english);
const percentText = (rate: number) => wordPercent(rate, english);

const cell = (over: Partial<FalseMatchCell>): FalseMatchCell => ({
  decided: 0,
  falseMatches: 0,
  outdated: 0,
  confirmed: 0,
  unverified: 0,
  rate: null,
  tooFew: true,
  ...over,
});

describe("the false-match line of a sign-off record", () => {
  it("gives the rate with the counts beside it", () => {
    expect(
      falseMatchText(cell({ decided: 31, falseMatches: 4, outdated: 2, confirmed: 25, rate: 4 / 31, tooFew: false })),
    ).toBe("4 of 31 matches (13 %) not the same person (25 confirmed, 2 records outdated).");
    expect(
      falseMatchText(
        cell({ decided: 10, falseMatches: 0, outdated: 1, confirmed: 9, unverified: 1, rate: 0, tooFew: false }),
      ),
    ).toBe(
      "0 of 10 matches (0 %) not the same person (9 confirmed, 1 record outdated); 1 match not verified, left out.",
    );
  });

  it("says too few to judge, with the counts, under the minimum, and when nothing is decided", () => {
    expect(falseMatchText(cell({ decided: 9, falseMatches: 2, confirmed: 7 }))).toBe(
      "Too few to judge: 2 of 9 matches not the same person (7 confirmed, 0 records outdated); a rate is given from 10 matches decided.",
    );
    expect(falseMatchText(cell({ unverified: 2 }))).toBe(
      "Too few to judge: no match decided yet; 2 matches not verified, left out; a rate is given from 10 matches decided.",
    );
  });

  it("never rounds a rate above nothing to 0 %", () => {
    expect(percentText(1 / 400)).toBe("under 1 %");
    expect(percentText(0)).toBe("0 %");
    expect(percentText(0.125)).toBe("13 %");
    expect(percentText(1)).toBe("100 %");
  });

  it("says it in the reader's language and formats", () => {
    const montreal = recordVoice({ language: "fr", region: "fr-CA", hourCycle: "h23", weekStart: 7 });
    expect(
      wordFalseMatch(
        cell({
          decided: 1234,
          falseMatches: 4,
          outdated: 1,
          confirmed: 1229,
          unverified: 2,
          rate: 4 / 1234,
          tooFew: false,
        }),
        montreal,
      ),
    ).toBe(
      "4 sur 1\u00a0234 correspondances (moins de 1 %) : pas la même personne (1\u00a0229 confirmées, 1 dossier périmé) ; 2 correspondances non vérifiées, laissées de côté.",
    );
    expect(wordPercent(0.125, montreal)).toBe("13 %");
  });
});
