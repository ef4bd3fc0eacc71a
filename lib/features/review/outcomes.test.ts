import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter } from "@/lib/core/format";

import { demoFinding } from "./demo";
import { countOutcomes, noOutcomes, outcomesText } from "./outcomes";
import { IN_ENGLISH } from "./refusal";
import { signOffRefusalText, type SignOffGaps } from "./sign-off-refusal";

type Named = SignOffGaps["notReviewed"];
const refusal = (notReviewed: Named, noOutcome: Named, total: number, zone: string | null) =>
  signOffRefusalText(IN_ENGLISH, { notReviewed, noOutcome, total, zone });

describe("a list's outcomes", () => {
  it("counts each outcome, the reviews without one and the police contacted", () => {
    const counted = countOutcomes([
      { outcome: "confirmed", policeContacted: true },
      { outcome: "confirmed", policeContacted: false },
      { outcome: "false_match", policeContacted: false },
      { outcome: null, policeContacted: false },
    ]);
    expect(counted).toEqual({
      counts: { confirmed: 2, false_match: 1, outdated: 0, unverified: 0 },
      missing: 1,
      policeContacted: 1,
    });
    expect(outcomesText(counted)).toBe(
      "2 same person, confirmed; 1 not the same person; 1 reviewed without an outcome; police contacted for 1",
    );
  });

  it("says so when there is none", () => {
    expect(countOutcomes([])).toEqual(noOutcomes());
    expect(outcomesText(noOutcomes())).toBe("No outcome recorded yet");
    expect(outcomesText(noOutcomes(), "Nothing reviewed")).toBe("Nothing reviewed");
    expect(outcomesText(countOutcomes([{ outcome: "outdated", policeContacted: false }]))).toBe("1 record outdated");
  });

  it("says them in the person's language and formats", () => {
    const counted = countOutcomes([
      ...Array.from({ length: 1_200 }, () => ({ outcome: "confirmed" as const, policeContacted: false })),
      { outcome: "false_match", policeContacted: true },
    ]);
    expect(outcomesText(counted, undefined, translatorFor("en", "review"))).toBe(
      "1,200 same person, confirmed; 1 not the same person; police contacted for 1",
    );
    const french = outcomesText(counted, undefined, translatorFor("fr", "review"));
    expect(french).toContain("1\u202f200 ");
    expect(french).not.toContain("same person");
    expect(outcomesText(noOutcomes(), undefined, translatorFor("fr", "review"))).not.toBe("No outcome recorded yet");
  });
});

describe("a sign-off's refusal", () => {
  const guest = (n: number) => ({
    firstName: "Guest",
    lastName: String(n),
    checkInAtUtc: `2026-11-20T${String(10 + n).padStart(2, "0")}:05:00Z`,
  });

  it("names the arrivals not reviewed, in the property's zone", () => {
    expect(refusal([guest(1)], [], 3, "America/New_York")).toBe(
      "1 of 3 criminal arrivals are not reviewed yet: Guest 1 (checked in 6:05 AM EST). Review each before signing off.",
    );
  });

  it("says how many lack an outcome, and which", () => {
    expect(refusal([], [guest(1), guest(2)], 4, null)).toBe(
      "2 of 4 criminal arrivals have no outcome recorded yet (reviewed before outcomes were asked): Guest 1 (checked in 11:05 AM UTC); Guest 2 (checked in 12:05 PM UTC). Record each one's outcome before signing off.",
    );
    expect(refusal([guest(1)], [guest(2)], 2, null)).toBe(
      "1 of 2 criminal arrivals are not reviewed yet: Guest 1 (checked in 11:05 AM UTC). Review each before signing off. 1 of 2 criminal arrivals reviewed before outcomes were asked has no outcome recorded yet: Guest 2 (checked in 12:05 PM UTC). Record each one's outcome before signing off.",
    );
  });

  it("names ten and counts the rest", () => {
    const many = Array.from({ length: 12 }, (_, n) => guest(n % 10));
    const text = refusal([], many, 12, null);
    expect(text).toMatch(/^12 of 12 criminal arrivals have no outcome recorded yet/);
    expect(text).toContain("; and 2 more. Record each one's outcome");
    expect(text.split("(checked in")).toHaveLength(11);
  });

  it("says the same in French, with the person's clock", () => {
    const saying = {
      t: translatorFor("fr", "review"),
      format: createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 }),
    };
    const text = signOffRefusalText(saying, {
      notReviewed: [guest(1)],
      noOutcome: [],
      total: 3,
      zone: "America/New_York",
    });
    expect(text).toContain("Guest 1");
    expect(text).toContain("06 h 05");
    expect(text).not.toContain("not reviewed");
  });
});

describe("the demo's outcomes", () => {
  it("are the same for the same guest, by the bucket of the key", () => {
    const key = (bucket: number) => bucket.toString(16).padStart(8, "0") + "a".repeat(56);
    expect(demoFinding(key(0))).toEqual({ outcome: "confirmed", policeContacted: true, note: null });
    expect(demoFinding(key(5))).toEqual({ outcome: "confirmed", policeContacted: false, note: null });
    expect(demoFinding(key(14)).outcome).toBe("false_match");
    expect(demoFinding(key(17)).outcome).toBe("outdated");
    expect(demoFinding(key(19)).outcome).toBe("unverified");
    expect(demoFinding(key(20))).toEqual(demoFinding(key(0)));
  });

  it("mix on any stretch of guests: mostly confirmed, some false matches, outdated records and unverified", () => {
    const keys = Array.from({ length: 60 }, (_, n) => createHash("sha256").update(`guest ${n}`).digest("hex"));
    const counts = countOutcomes(keys.map(demoFinding));
    expect(counts.counts.confirmed).toBeGreaterThan(keys.length / 2);
    expect(counts.counts.false_match).toBeGreaterThan(0);
    expect(counts.counts.outdated).toBeGreaterThan(0);
    expect(counts.counts.unverified).toBeGreaterThan(0);
    expect(counts.policeContacted).toBeGreaterThan(0);
  });
});
