import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";

import {
  describeMedianHours,
  describeOnTime,
  describeOpen,
  describeSignedOff,
  listsOf,
  signOffFigures,
  type SignOffCellKey,
} from "./sign-off";

const en = translatorFor("en", "properties");
const us = createFormatter(DEFAULT_HABITS);
const cells = (key: SignOffCellKey, values?: Record<string, string | number>) => en(`signOff.cells.${key}`, values);

const alert = (propertyName: string, day: string, pulledAt: string) => ({
  item: { propertyName, checkInDateLocal: day },
  pulledAt: new Date(pulledAt),
});

/** Harbour View's figure from the lists below: 4 lists, 2 signed off (2 h and 30 h), 1 open past the deadline. */
const HARBOUR = {
  propertyName: "Harbour View Hotel",
  zone: null,
  label: "Harbour View Hotel",
  lists: 4,
  signedOff: 2,
  due: 3,
  onTime: 1,
  onTimeShare: 100 / 3,
  medianHours: 16,
  open: 2,
  openOverdue: 1,
};

describe("sign-off timeliness", () => {
  const lists = listsOf([
    alert("Harbour View Hotel", "2026-11-18", "2026-11-19T11:00:00Z"),
    alert("Harbour View Hotel", "2026-11-18", "2026-11-19T11:00:00Z"),
    alert("Harbour View Hotel", "2026-11-19", "2026-11-20T11:00:00Z"),
    alert("Harbour View Hotel", "2026-11-20", "2026-11-21T11:00:00Z"),
    alert("Harbour View Hotel", "2026-11-21", "2026-11-22T11:00:00Z"),
    alert("Riverside & Co. Hotel", "2026-11-21", "2026-11-22T12:00:00Z"),
    // The same list pulled twice: stored when first pulled.
    alert("Riverside & Co. Hotel", "2026-11-21", "2026-11-22T10:00:00Z"),
  ]);
  const now = new Date("2026-11-22T20:00:00Z");

  it("groups stored alerts into one list per property and local day, stored at its first pull", () => {
    expect(lists).toHaveLength(5);
    expect(lists.find((list) => list.propertyName === "Riverside & Co. Hotel")).toEqual({
      propertyName: "Riverside & Co. Hotel",
      zone: null,
      listDate: "2026-11-21",
      storedMs: Date.parse("2026-11-22T10:00:00Z"),
      items: 2,
    });
    expect(lists.find((list) => list.listDate === "2026-11-18")?.items).toBe(2);
  });

  it("adds up list parts already counted, each stored at its own pull", () => {
    const counted = listsOf([
      {
        item: { propertyName: "Riverside & Co. Hotel", checkInDateLocal: "2026-11-21" },
        pulledAt: "2026-11-22T12:00:00Z",
        arrivals: 3,
      },
      alert("Riverside & Co. Hotel", "2026-11-21", "2026-11-22T10:00:00Z"),
    ]);
    expect(counted).toEqual([
      {
        propertyName: "Riverside & Co. Hotel",
        zone: null,
        listDate: "2026-11-21",
        storedMs: Date.parse("2026-11-22T10:00:00Z"),
        items: 4,
      },
    ]);
  });

  it("counts lists, sign-offs within the deadline, the median hours, and lists still open", () => {
    const figures = signOffFigures(
      lists,
      [
        { propertyName: "Harbour View Hotel", zone: null, listDate: "2026-11-18", signedOffAt: "2026-11-19T13:00:00Z" }, // 2 h
        {
          propertyName: "harbour view hotel",
          zone: null,
          listDate: "2026-11-19",
          signedOffAt: new Date("2026-11-21T17:00:00Z"),
        }, // 30 h: late
        { propertyName: "Harbour View Hotel", zone: null, listDate: "2026-11-10", signedOffAt: "2026-11-11T13:00:00Z" }, // no stored list
      ],
      { overdueHours: 24, now },
      ["Harbour View Hotel", "Riverside & Co. Hotel", "Quiet Pines Motel"].map((name) => ({
        propertyName: name,
        zone: null,
      })),
    );
    const harbour = figures.find((figure) => figure.propertyName === "Harbour View Hotel")!;
    // 11-20 open for 33 h: overdue, so due; 11-21 open for 9 h: not due yet.
    expect(harbour).toEqual(HARBOUR);
    expect(describeOnTime(cells, us, harbour)).toBe("1 of 3 (33.3 %)");
    expect(describeMedianHours(cells, us, harbour)).toBe("16 h");
    expect(describeOpen(cells, us, harbour)).toBe("2 (1 overdue)");
    expect(describeSignedOff(cells, us, harbour)).toBe("2 of 4");

    const riverside = figures.find((figure) => figure.propertyName === "Riverside & Co. Hotel")!;
    expect(riverside).toMatchObject({
      lists: 1,
      signedOff: 0,
      due: 0,
      onTimeShare: null,
      medianHours: null,
      open: 1,
      openOverdue: 0,
    });
    expect(describeOnTime(cells, us, riverside)).toBe("None due yet");
    expect(describeMedianHours(cells, us, riverside)).toBe("None signed off");
    expect(describeOpen(cells, us, riverside)).toBe("1");

    const pines = figures.find((figure) => figure.propertyName === "Quiet Pines Motel")!;
    expect(pines).toMatchObject({ lists: 0, signedOff: 0, due: 0, open: 0 });
    expect(describeOnTime(cells, us, pines)).toBe("No lists");
    expect(describeMedianHours(cells, us, pines)).toBe("No lists");
    expect(describeOpen(cells, us, pines)).toBe("None");
    expect(describeSignedOff(cells, us, pines)).toBe("No lists");
  });

  it("counts a sign-off exactly at the deadline as on time, and one before the list was stored as 0 hours", () => {
    const [list] = listsOf([alert("Harbour View Hotel", "2026-11-21", "2026-11-22T11:00:00Z")]);
    const atDeadline = signOffFigures(
      [list!],
      [{ propertyName: "Harbour View Hotel", zone: null, listDate: "2026-11-21", signedOffAt: "2026-11-23T11:00:00Z" }],
      { overdueHours: 24, now },
    );
    expect(atDeadline[0]).toMatchObject({ onTime: 1, due: 1, medianHours: 24 });
    const early = signOffFigures(
      [list!],
      [{ propertyName: "Harbour View Hotel", zone: null, listDate: "2026-11-21", signedOffAt: "2026-11-22T09:00:00Z" }],
      { overdueHours: 24, now },
    );
    expect(early[0]).toMatchObject({ onTime: 1, medianHours: 0 });
  });

  it("keeps the lists of properties sharing a name apart by zone, and labels each", () => {
    const seaside = (zone: string | undefined, day: string) => ({
      item: { propertyName: "Seaside Suites", checkInDateLocal: day, propertyTimeZone: zone },
      pulledAt: new Date("2026-11-22T11:00:00Z"),
    });
    const twins = listsOf([
      seaside("America/Los_Angeles", "2026-11-21"),
      seaside("America/New_York", "2026-11-21"),
      seaside("America/New_York", "2026-11-21"),
    ]);
    expect(twins.map((list) => [list.zone, list.items])).toEqual([
      ["America/Los_Angeles", 1],
      ["America/New_York", 2],
    ]);
    const figures = signOffFigures(
      twins,
      [{ propertyName: "Seaside Suites", zone: "America/New_York", listDate: "2026-11-21", signedOffAt: now }],
      { overdueHours: 24, now },
    );
    expect(figures.map((figure) => [figure.label, figure.signedOff, figure.open])).toEqual([
      ["Seaside Suites (Los Angeles time)", 0, 1],
      ["Seaside Suites (New York time)", 1, 0],
    ]);
  });

  it("takes a property's lists summed up as they are, and nothing beside them", () => {
    const summary = {
      propertyName: "Harbour View Hotel",
      zone: null,
      lists: 4,
      signedOff: 2,
      onTime: 1,
      open: 2,
      openOverdue: 1,
      medianMs: 16 * 3_600_000,
    };
    const [figure] = signOffFigures(
      [],
      [],
      { overdueHours: 24, now },
      [{ propertyName: "Harbour View Hotel", zone: null }],
      [summary],
    );
    expect(figure).toEqual(HARBOUR);
    // Its median cannot take more lists: mixing is a mistake, never a wrong figure.
    const harbourList = lists.find((list) => list.propertyName === "Harbour View Hotel")!;
    expect(() => signOffFigures([harbourList], [], { overdueHours: 24, now }, [], [summary])).toThrow(/summed-up/);
    expect(() => signOffFigures([], [], { overdueHours: 24, now }, [], [summary, summary])).toThrow(/summed-up/);
  });
});
