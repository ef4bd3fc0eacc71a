import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter } from "@/lib/core/format";

import {
  acknowledgementOf,
  acknowledgementTimes,
  formatLocalWallClock,
  isAcknowledged,
  NOT_ACKNOWLEDGED_EXPLANATION,
} from "./acknowledgement";

describe("formatLocalWallClock", () => {
  it("reads the API's local text as a wall clock, never shifting it", () => {
    expect(formatLocalWallClock("2026-11-21 07:38:28")).toBe("Nov 21, 2026, 7:38 AM");
    expect(formatLocalWallClock("2026-11-21 23:59:59")).toBe("Nov 21, 2026, 11:59 PM");
    expect(formatLocalWallClock("2026-11-22 00:00:00")).toBe("Nov 22, 2026, 12:00 AM");
  });

  it("returns text it cannot read as it came", () => {
    expect(formatLocalWallClock("yesterday at noon")).toBe("yesterday at noon");
    expect(formatLocalWallClock("2026-13-45 99:99:99")).toBe("2026-13-45 99:99:99");
  });
});

describe("acknowledgementOf", () => {
  it("names the property's zone where Daybook knows it, UTC still beside", () => {
    const view = acknowledgementOf(
      { acknowledgedAtUtc: "2026-11-21T17:38:28Z", acknowledgedAtLocal: "2026-11-21 07:38:28" },
      "Pacific/Honolulu",
    );
    expect(view).toMatchObject({
      localText: "Nov 21, 2026, 7:38 AM HST",
      utcText: "Nov 21, 2026, 5:38 PM UTC",
    });
  });

  it("gives the property's local time and the UTC instant for an acknowledged alert", () => {
    const view = acknowledgementOf({
      acknowledgedAtUtc: "2026-11-21T17:38:28Z",
      acknowledgedAtLocal: "2026-11-21 07:38:28",
    });
    expect(view).toEqual({
      kind: "acknowledged",
      label: "Acknowledged at the desk",
      localText: "Nov 21, 2026, 7:38 AM (property time)",
      utcText: "Nov 21, 2026, 5:38 PM UTC",
      utcInstant: "2026-11-21T17:38:28Z",
    });
  });

  it("says an alert was shown and not acknowledged when the API gives null, distinct from no alert", () => {
    const view = acknowledgementOf({ acknowledgedAtUtc: null, acknowledgedAtLocal: null });
    expect(view).toEqual({
      kind: "not-acknowledged",
      label: "Not acknowledged at the desk",
      explanation: NOT_ACKNOWLEDGED_EXPLANATION,
    });
    expect(NOT_ACKNOWLEDGED_EXPLANATION).toMatch(/alert was shown/);
    expect(NOT_ACKNOWLEDGED_EXPLANATION).toMatch(/not the same as no alert/);
  });

  it("still reports an acknowledgement whose local text is missing", () => {
    const view = acknowledgementOf({ acknowledgedAtUtc: "2026-11-21T17:38:28Z", acknowledgedAtLocal: null });
    expect(view.kind).toBe("acknowledged");
    if (view.kind === "acknowledged") expect(view.localText).toBe("Property time not given");
  });

  it("says it in the words and formats it is given, English being the default", () => {
    const french = {
      t: translatorFor("fr", "criminalArrivals"),
      format: createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 }),
    };
    const wallClock = acknowledgementOf(
      { acknowledgedAtUtc: "2026-11-21T17:38:28Z", acknowledgedAtLocal: "2026-11-21 07:38:28" },
      null,
      french,
    );
    expect(wallClock).toMatchObject({
      label: "Pris en compte à la réception",
      localText: "21 nov. 2026, 7 h 38 (heure de l’établissement)",
    });
    expect(acknowledgementOf({ acknowledgedAtUtc: null, acknowledgedAtLocal: null }, null, french)).toEqual({
      kind: "not-acknowledged",
      label: "Non pris en compte à la réception",
      explanation: translatorFor("fr", "criminalArrivals")("acknowledgement.notAcknowledgedExplanation"),
    });
    const notGiven = acknowledgementOf(
      { acknowledgedAtUtc: "2026-11-21T17:38:28Z", acknowledgedAtLocal: null },
      null,
      french,
    );
    expect(notGiven.kind === "acknowledged" && notGiven.localText).toBe("Heure de l’établissement non fournie");
  });

  it("isAcknowledged follows acknowledgedAtUtc", () => {
    expect(isAcknowledged({ acknowledgedAtUtc: null })).toBe(false);
    expect(isAcknowledged({ acknowledgedAtUtc: "2026-11-21T17:38:28Z" })).toBe(true);
  });
});

describe("acknowledgementTimes", () => {
  const fr = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 });

  it("writes the times in the reader's formats, the API's wall clock unshifted", () => {
    const item = { acknowledgedAtUtc: "2026-11-21T17:38:28Z", acknowledgedAtLocal: "2026-11-21 07:38:28" };
    const times = acknowledgementTimes(item, null, fr);
    expect(times?.local).toEqual({ kind: "wallClock", text: formatLocalWallClock(item.acknowledgedAtLocal, fr) });
    expect(times?.local.kind === "wallClock" && times.local.text).toBe("21 nov. 2026, 7 h 38");
    expect(times?.utcText).toMatch(/17 h 38 UTC$/);
    expect(acknowledgementTimes({ acknowledgedAtUtc: null, acknowledgedAtLocal: null }, null, fr)).toBeNull();
  });

  it("has the screen's English words equal to the record's", () => {
    const t = translatorFor("en", "criminalArrivals");
    expect(t("acknowledgement.notAcknowledgedExplanation")).toBe(NOT_ACKNOWLEDGED_EXPLANATION);
    expect(t("acknowledgement.propertyTime", { time: "Nov 21, 2026, 7:38 AM" })).toBe(
      "Nov 21, 2026, 7:38 AM (property time)",
    );
  });
});
