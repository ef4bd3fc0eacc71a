import { afterAll, beforeAll, expect, it } from "vitest";

import { crossReportKey } from "@/lib/core/property-names";
import { acknowledgementsFor } from "@/lib/features/comparison/server";
import { placeArrivals } from "@/lib/features/history/placement";
import { storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewQueue } from "@/lib/features/review/queue";
import { parseQueueQuery } from "@/lib/features/review/queue-view";
import { reviewItemInput, signOffInput } from "@/lib/features/review/schemas";
import {
  listItems,
  reviewArrival,
  reviewQueueView,
  signOffArrivalList,
  type ReviewActor,
} from "@/lib/features/review/server";
import type { CriminalArrival, CriminalArrivalsReport, GuestsReport } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullInstant } from "@/tests/support/partner-api";
import { contextOf, person } from "@/tests/support/review";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

/**
 * Two properties named "Seaside Suites" (Santa Monica and Atlantic City in the simulator, legal
 * under the contract): their criminal arrivals carry no zone, and must still never share a list.
 */
const SEASIDE = "Seaside Suites";
const DAY = "2026-10-14";
const LA = "America/Los_Angeles";
const NY = "America/New_York";

let sim: LaunchedSimulator;
let guests: GuestsReport;
let criminal: CriminalArrivalsReport;
let pulledAt: Date;

beforeAll(async () => {
  sim = await launchSimulator();
  pulledAt = pullInstant(DAY);
  await sim.setClock(pulledAt.toISOString());
  try {
    const api = apiFor(sim);
    guests = await api.guests();
    criminal = await api.criminalArrivals();
  } finally {
    await sim.setClock(null);
  }
});
afterAll(async () => {
  await sim?.close();
});

/** The zone of each Seaside criminal arrival, from the same guest's arrival in the guests report. */
function zoneOf(item: CriminalArrival): string {
  const guest = guests.items.find((candidate) => crossReportKey(candidate) === crossReportKey(item));
  return guest!.propertyTimeZone;
}

describeEachDatabase("properties sharing a name", (db) => {
  let supervisor: ReviewActor;
  const seaside = () => criminal.items.filter((item) => item.propertyName === SEASIDE && item.checkInDateLocal === DAY);

  beforeAll(async () => {
    await storeReport(db(), "guests", guests, { pulledAt, privacy: await readStorePrivacy(db()) });
    await storeReport(db(), "criminal-arrivals", criminal, { pulledAt, privacy: await readStorePrivacy(db()) });
    supervisor = await person(db(), "supervisor", [SEASIDE], "Sam Seaside");
  });

  it("places each criminal arrival of a shared name in its property's zone, and leaves other names alone", async () => {
    const placed = await placeArrivals(db(), criminal.items);
    const ofSeaside = placed.filter((item) => item.propertyName === SEASIDE);
    expect(ofSeaside.length).toBeGreaterThan(0);
    for (const item of ofSeaside) expect(item.propertyTimeZone).toBe(zoneOf(item));
    expect(new Set(ofSeaside.map((item) => item.propertyTimeZone))).toEqual(new Set([LA, NY]));
    expect(placed.filter((item) => item.propertyName !== SEASIDE).every((item) => !item.propertyTimeZone)).toBe(true);
  });

  it("queues one list per property, never one for the name", async () => {
    const rows = (await reviewQueue(db(), supervisor, { now: pulledAt, overdueHours: 24 })).filter(
      (row) => row.day === DAY,
    );
    const expected = [LA, NY].map((zone) => ({
      zone,
      items: seaside().filter((item) => zoneOf(item) === zone).length,
    }));
    expect(rows.map(({ zone, items }) => ({ zone, items }))).toEqual(expected);
  });

  it("offers each of them on its own in the Review page's filter, and not the name alone", async () => {
    const view = (property?: string) =>
      reviewQueueView(db(), supervisor, { now: pulledAt, overdueHours: 24, query: parseQueueQuery({ property }) });
    const all = await view();
    // One name, two properties: the person has a filter to choose between them.
    expect(all.chooseProperty).toBe(true);
    expect(all.properties.map(({ label, zone }) => ({ label, zone }))).toEqual([
      { label: "Seaside Suites (Los Angeles time)", zone: LA },
      { label: "Seaside Suites (New York time)", zone: NY },
    ]);
    const la = await view("Seaside Suites (Los Angeles time)");
    expect(la.rows.length).toBeGreaterThan(0);
    expect(la.rows.every((row) => row.zone === LA)).toBe(true);
    expect(la.property).toMatchObject({ zone: LA, waiting: la.matching });
    const name = await view(SEASIDE);
    expect(name.propertyProblem).toEqual({
      asked: SEASIDE,
      kind: "shared",
      labels: ["Seaside Suites (Los Angeles time)", "Seaside Suites (New York time)"],
      properties: [
        { propertyName: SEASIDE, zone: LA },
        { propertyName: SEASIDE, zone: NY },
      ],
    });
    expect(name.matching).toBe(all.total);
  });

  it("signs off one of them without touching the other", async () => {
    const ctx = contextOf(db(), supervisor);
    const la = seaside().filter((item) => zoneOf(item) === LA);
    const { items } = await listItems(ctx, { propertyName: SEASIDE, day: DAY, zone: LA });
    expect(items.map((item) => item.itemKey).sort()).toEqual(la.map(itemKeyOf).sort());

    for (const item of la) {
      await reviewArrival(
        ctx,
        reviewItemInput.parse({
          propertyName: SEASIDE,
          zone: LA,
          day: DAY,
          itemKey: itemKeyOf(item),
          outcome: "false_match",
        }),
      );
    }
    const signOff = await signOffArrivalList(ctx, signOffInput.parse({ propertyName: SEASIDE, zone: LA, day: DAY }));
    expect(signOff).toMatchObject({ zone: LA, itemCount: la.length });

    const rows = (await reviewQueue(db(), supervisor, { now: pulledAt, overdueHours: 24 })).filter(
      (row) => row.day === DAY,
    );
    expect(rows.map((row) => row.zone)).toEqual([NY]);
    // The New York list is not reviewed, so it cannot be signed off on the strength of Los Angeles' reviews.
    await expect(
      signOffArrivalList(ctx, signOffInput.parse({ propertyName: SEASIDE, zone: NY, day: DAY })),
    ).rejects.toMatchObject({ status: 409, code: "items_not_reviewed" });
  });

  it("gives each property its own desk-acknowledgement figures, labelled with its zone", async () => {
    const section = await acknowledgementsFor(
      db(),
      { allProperties: false, properties: [SEASIDE] },
      { from: DAY, to: DAY, range: 7, anyStored: true, endsOnNewest: true },
      { now: pulledAt, retentionDays: 90 },
    );
    const figures = section.figures.filter((figure) => figure.propertyName === SEASIDE);
    expect(figures.map((figure) => [figure.label, figure.alerts]).sort()).toEqual(
      [LA, NY].map((zone) => [
        `Seaside Suites (${zone === LA ? "Los Angeles" : "New York"} time)`,
        seaside().filter((item) => zoneOf(item) === zone).length,
      ]),
    );
  });
});
