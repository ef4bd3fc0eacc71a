import { describe, expect, it } from "vitest";

import {
  FOLLOWED_SIGNALS,
  isMatchOutcome,
  MATCH_OUTCOMES,
  matchOutcomeLabel,
  SIGNAL,
  signalLabels,
  signalsOf,
} from "./match-outcomes";

describe("match outcomes", () => {
  it("knows its four outcomes and nothing else", () => {
    for (const outcome of MATCH_OUTCOMES) expect(isMatchOutcome(outcome)).toBe(true);
    for (const other of ["", "CONFIRMED", "false match", null, undefined, 1]) expect(isMatchOutcome(other)).toBe(false);
  });

  it("words a review made before outcomes were asked as having none, never as an outcome", () => {
    expect(matchOutcomeLabel(null)).toBe("No outcome recorded");
    expect(matchOutcomeLabel("false_match")).toBe("Not the same person");
    expect(matchOutcomeLabel("something old")).toBe("No outcome recorded");
  });
});

describe("an arrival's signals", () => {
  it("are 0 for an arrival that says nothing beyond its day, a null screening included", () => {
    expect(
      signalsOf({
        isFlagged: false,
        matchedBanAtCheckIn: null,
        hasCriminalRecord: false,
        isSexualOffender: false,
        isCurrentlyBanned: false,
      }),
    ).toBe(0);
    expect(signalsOf({ matchedBanAtCheckIn: false })).toBe(0);
  });

  it("keep each signal apart, and a ban when pulled is not one that is followed", () => {
    const all = signalsOf({
      isFlagged: true,
      matchedBanAtCheckIn: true,
      hasCriminalRecord: true,
      isSexualOffender: true,
      isCurrentlyBanned: true,
    });
    expect(all).toBe(31);
    expect(signalsOf({ isCurrentlyBanned: true }) & FOLLOWED_SIGNALS).toBe(0);
    expect(signalsOf({ isFlagged: true })).toBe(SIGNAL.staffFlag);
    expect(signalLabels(all)).toEqual([
      "Flagged by staff",
      "Ban matched",
      "Criminal record match",
      "Sex-offender match",
    ]);
    expect(signalLabels(SIGNAL.bannedWhenPulled)).toEqual([]);
  });
});
