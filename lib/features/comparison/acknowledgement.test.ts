import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";

import {
  acknowledgementFigures,
  describeAcknowledgements,
  describeDuration,
  describeMedianWait,
  median,
  type AcknowledgementKey,
  type DurationKey,
} from "./acknowledgement";

const en = translatorFor("en", "properties");
const fr = translatorFor("fr", "properties");
const us = createFormatter(DEFAULT_HABITS);
const words = (key: AcknowledgementKey, values?: Record<string, string | number>) =>
  en(`acknowledgement.${key}`, values);
const duration =
  (t = en) =>
  (key: DurationKey, values?: Record<string, string | number>) =>
    t(`duration.${key}`, values);

const alert = (propertyName: string, checkIn: string, acknowledged: string | null) => ({
  propertyName,
  checkInAtUtc: `2026-11-22T${checkIn}Z`,
  acknowledgedAtUtc: acknowledged === null ? null : `2026-11-22T${acknowledged}Z`,
});

describe("a shared name's acknowledgement figures", () => {
  it("name the property's zone in the reader's words, in English by default", () => {
    const placed = {
      ...alert("Seaside Suites", "10:00:00", "10:04:00"),
      propertyTimeZone: "America/New_York",
    };
    const property = [{ propertyName: "Seaside Suites", zone: "America/New_York" }];
    expect(acknowledgementFigures([placed], property)[0]!.label).toBe("Seaside Suites (New York time)");
    expect(acknowledgementFigures([placed], property, translatorFor("fr", "review"))[0]!.label).toBe(
      "Seaside Suites (heure de New York)",
    );
  });
});

describe("desk acknowledgement times", () => {
  const figures = acknowledgementFigures(
    [
      alert("Harbour View Hotel", "10:00:00", "10:04:00"), // 4 min
      alert("Harbour View Hotel", "11:00:00", "11:10:00"), // 10 min
      alert("Harbour View Hotel", "12:00:00", null),
      alert("Harbour View Hotel", "13:00:00", "14:00:00"), // 60 min
      alert("Riverside & Co. Hotel", "09:00:00", null),
      alert("Riverside & Co. Hotel", "09:30:00", "09:32:00"),
      alert("Riverside & Co. Hotel", "09:40:00", "09:46:00"),
      alert("Outback Rest", "01:00:00", null),
    ],
    [
      { propertyName: "Quiet Pines Motel", zone: null },
      { propertyName: "Harbour View Hotel", zone: null },
    ],
  );
  const of = (name: string) => figures.find((figure) => figure.propertyName === name)!;

  it("takes the median of check-in to acknowledgement over the acknowledged alerts only", () => {
    expect(of("Harbour View Hotel")).toEqual({
      propertyName: "Harbour View Hotel",
      zone: null,
      label: "Harbour View Hotel",
      alerts: 4,
      acknowledged: 3,
      notAcknowledged: 1,
      medianMs: 10 * 60_000,
    });
    expect(of("Riverside & Co. Hotel").medianMs).toBe(4 * 60_000);
  });

  it("counts alerts not acknowledged at the desk apart, and has no time without an acknowledgement", () => {
    expect(of("Outback Rest")).toEqual({
      propertyName: "Outback Rest",
      zone: null,
      label: "Outback Rest",
      alerts: 1,
      acknowledged: 0,
      notAcknowledged: 1,
      medianMs: null,
    });
    expect(describeMedianWait(words, duration(), us, of("Outback Rest"))).toBe("No acknowledged alerts");
    expect(describeAcknowledgements(words, of("Harbour View Hotel"))).toBe(
      "3 acknowledged of 4, 1 not acknowledged at the desk",
    );
  });

  it("lists a property without alerts as such", () => {
    expect(of("Quiet Pines Motel")).toEqual({
      propertyName: "Quiet Pines Motel",
      zone: null,
      label: "Quiet Pines Motel",
      alerts: 0,
      acknowledged: 0,
      notAcknowledged: 0,
      medianMs: null,
    });
    expect(describeAcknowledgements(words, of("Quiet Pines Motel"))).toBe("No alerts in these days");
    expect(describeMedianWait(words, duration(), us, of("Quiet Pines Motel"))).toBe("No alerts");
    expect(figures.map((figure) => figure.propertyName)).toEqual([
      "Quiet Pines Motel",
      "Harbour View Hotel",
      "Riverside & Co. Hotel",
      "Outback Rest",
    ]);
  });

  it("gives the same figures from alerts already counted per list", () => {
    const counted = acknowledgementFigures(
      [
        { propertyName: "Harbour View Hotel", alerts: 3, waitsMs: [4 * 60_000, 10 * 60_000] },
        alert("Harbour View Hotel", "13:00:00", "14:00:00"),
        { propertyName: "Outback Rest", alerts: 1, waitsMs: [] },
      ],
      [{ propertyName: "Harbour View Hotel", zone: null }],
    );
    expect(counted).toEqual([of("Harbour View Hotel"), of("Outback Rest")]);
  });

  it("takes a property's alerts summed up as they are, and nothing beside them", () => {
    const harbour = of("Harbour View Hotel");
    const summary = { propertyName: "Harbour View Hotel", alerts: 4, acknowledged: 3, medianMs: harbour.medianMs };
    expect(acknowledgementFigures([summary], [{ propertyName: "Harbour View Hotel", zone: null }])).toEqual([harbour]);
    // A median cannot take more alerts: mixing is a mistake, never a wrong figure.
    expect(() => acknowledgementFigures([summary, alert("Harbour View Hotel", "15:00:00", null)])).toThrow(/summed-up/);
    expect(() => acknowledgementFigures([alert("Harbour View Hotel", "15:00:00", null), summary])).toThrow(/summed-up/);
  });

  it("puts durations in the person's words, the same English as before", () => {
    const english = (ms: number) => describeDuration(duration(), us, ms);
    expect(english(45_000)).toBe("45 s");
    expect(english(4 * 60_000)).toBe("4 min");
    expect(english(72 * 60_000)).toBe("1 h 12 min");
    expect(english(51 * 3_600_000)).toBe("2 d 3 h");
    expect(english(-90_000)).toBe("−2 min");
    expect(english(1_000 * 3_600_000)).toBe("41 d 16 h");
    expect(describeDuration(duration(fr), us, 51 * 3_600_000)).toBe("2 j 3 h");
  });
});

describe("median", () => {
  it("is null for nothing, the value for one, the middle for an odd count", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
  });

  it("is the mean of the two middle values for an even count, whatever the input order", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, 0])).toBe(5);
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
