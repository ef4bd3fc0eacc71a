/**
 * Alert response on both databases, on days pulled from the simulator: every figure is the one
 * counted here from the stored criminal arrivals themselves, the hours and weekdays on each
 * property's clock as Intl reads it.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import { ALL_FIELDS_KEPT } from "@/lib/core/privacy";
import { decodeItem } from "@/lib/features/history/item-codec";
import { placeArrivals } from "@/lib/features/history/placement";
import { forgetCachedPolicies } from "@/lib/features/privacy/server";
import type { Database } from "@/lib/server/db/open";
import { privacyAssignments, privacyPolicies, storedItems, storedReports } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

import { alertResponseFor } from "./response";
import { responseFigures, type ResponseFigures } from "./response-figures";
import { WEEKDAYS } from "./response-time";

const sim = simulatorPerFile();

const NOW = new Date("2026-11-23T12:00:00Z");
const EVERY_PROPERTY = { allProperties: true, properties: [] };
const WHOLE = Number.MAX_SAFE_INTEGER;
const ZONES: Record<string, string> = {
  "Harbour View Hotel": "Pacific/Honolulu",
  "Riverside & Co. Hotel": "America/New_York",
  "O'Brien's Lodge": "Europe/Dublin",
  "Hôtel Élysée Montréal": "America/Toronto",
  "さくらイン 新宿": "Asia/Tokyo",
  "Grand Hotel Zürich": "Europe/Zurich",
  "Outback Rest": "Australia/Sydney",
};

interface Alert {
  propertyName: string;
  propertyTimeZone?: string;
  checkInDateLocal: string;
  checkInAtUtc: string;
  firstName: string;
  lastName: string;
  acknowledgedAtUtc: string | null;
}

/** Every stored criminal arrival, decoded, with a shared name's placed in its zone. */
async function storedAlerts(db: Database): Promise<Alert[]> {
  const rows = await db
    .select({ item: storedItems.item })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(eq(storedReports.endpoint, "criminal-arrivals"));
  return placeArrivals(
    db,
    rows.map((row) => decodeItem<Alert>(row.item)),
  );
}

const waitOf = (alert: Alert) =>
  alert.acknowledgedAtUtc === null ? null : Date.parse(alert.acknowledgedAtUtc) - Date.parse(alert.checkInAtUtc);

function figuresOf(alerts: readonly Alert[]): ResponseFigures {
  return responseFigures(
    alerts.length,
    alerts.map(waitOf).filter((wait): wait is number => wait !== null),
  );
}

function expectSameFigures(actual: ResponseFigures, expected: ResponseFigures, what: string) {
  expect({ ...actual, p50Ms: null, p90Ms: null }, what).toEqual({ ...expected, p50Ms: null, p90Ms: null });
  for (const key of ["p50Ms", "p90Ms"] as const) {
    if (expected[key] === null) expect(actual[key], `${what} ${key}`).toBeNull();
    else expect(actual[key], `${what} ${key}`).toBeCloseTo(expected[key], 3);
  }
}

/** The hour and weekday Intl gives for an instant in a zone. */
function clockOf(instant: string, zone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "numeric",
    hourCycle: "h23",
    weekday: "long",
  }).formatToParts(new Date(instant));
  return {
    hour: Number(parts.find((part) => part.type === "hour")!.value),
    weekday: WEEKDAYS.indexOf(parts.find((part) => part.type === "weekday")!.value as (typeof WEEKDAYS)[number]),
  };
}

const zoneOf = (alert: Alert) => alert.propertyTimeZone ?? ZONES[alert.propertyName]!;

describeEachDatabase("alert response", (db) => {
  beforeAll(async () => {
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) await pullAt(db(), sim(), pullTime(day));
  }, 120_000);

  it("gives each property, hour and weekday the figures its stored criminal arrivals give, on its own clock", async () => {
    const alerts = await storedAlerts(db());
    expect(alerts.length).toBeGreaterThan(20);
    expect(alerts.some((alert) => alert.acknowledgedAtUtc === null)).toBe(true);
    const view = await alertResponseFor(
      db(),
      EVERY_PROPERTY,
      { window: 30 },
      { now: NOW, ranked: true, pageSize: WHOLE },
    );
    expect(view).toMatchObject({ from: "2026-10-24", to: "2026-11-22", ranked: true, storedDays: 3, purgedDays: 0 });

    // Each property: its own alerts' figures; a shared name's two properties apart, by zone.
    const labelOf = (alert: Alert) =>
      alert.propertyTimeZone
        ? `${alert.propertyName} (${alert.propertyTimeZone.split("/").at(-1)!.replace(/_/g, " ")} time)`
        : alert.propertyName;
    const labels = [...new Set(alerts.map(labelOf))];
    expect(labels).toEqual(
      expect.arrayContaining(["Seaside Suites (Los Angeles time)", "Seaside Suites (New York time)"]),
    );
    for (const label of labels) {
      const row = view.properties.rows.find((entry) => entry.label === label);
      expect(row?.state.kind, label).toBe("alerts");
      if (row?.state.kind !== "alerts") continue;
      expectSameFigures(row.state.figures, figuresOf(alerts.filter((alert) => labelOf(alert) === label)), label);
    }
    // A property without criminal arrivals has no alerts, not a time; the ranking counts from 1 without gaps.
    expect(view.properties.rows.find((entry) => entry.label === "Quiet Pines Motel")?.state).toEqual({
      kind: "no-alerts",
    });
    const ranks = view.properties.rows.flatMap((entry) => (entry.state.kind === "alerts" ? [entry.state.rank] : []));
    expect(ranks).toEqual(labels.map((_, index) => index + 1));

    // Together, and by hour and weekday in each property's zone.
    expectSameFigures(view.overall, figuresOf(alerts), "every property");
    expect(view.unzoned).toBe(0);
    expect(view.zones).toEqual(expect.arrayContaining(["Pacific/Honolulu", "America/Los_Angeles", "Asia/Tokyo"]));
    for (let hour = 0; hour < 24; hour += 1) {
      const inHour = alerts.filter((alert) => clockOf(alert.checkInAtUtc, zoneOf(alert)).hour === hour);
      expectSameFigures(view.hours[hour]!.figures, figuresOf(inHour), `hour ${hour}`);
    }
    for (const [weekday, name] of WEEKDAYS.entries()) {
      const onDay = alerts.filter((alert) => clockOf(alert.checkInAtUtc, zoneOf(alert)).weekday === weekday);
      expect(view.weekdays[weekday]!.label).toBe(name);
      expectSameFigures(view.weekdays[weekday]!.figures, figuresOf(onDay), name);
    }

    // The alerts never acknowledged, longest waiting first, their age from check-in to now.
    const waiting = alerts.filter((alert) => alert.acknowledgedAtUtc === null);
    expect(view.unacknowledged.total).toBe(waiting.length);
    const ages = view.unacknowledged.rows.map((alert) => alert.ageMs);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    for (const alert of view.unacknowledged.rows) {
      expect(alert.ageMs).toBe(NOW.getTime() - Date.parse(alert.checkInAtUtc));
      expect(alert.filterName === null).toBe(alert.propertyName === "Seaside Suites");
    }
    expect(view.ageing.reduce((sum, bucket) => sum + bucket.alerts, 0)).toBe(waiting.length);
  });

  it("shows a person with one property that property alone, unranked, with no property choice", async () => {
    const view = await alertResponseFor(
      db(),
      { allProperties: false, properties: ["harbour view hotel"] },
      { window: 90 },
      { now: NOW, ranked: false },
    );
    const harbour = (await storedAlerts(db())).filter((alert) => alert.propertyName === "Harbour View Hotel");
    expect(view.choices).toEqual([]);
    expect(view.properties.rows.map((row) => row.label)).toEqual(["Harbour View Hotel"]);
    expect(view.properties.rows[0]!.state).toMatchObject({ kind: "alerts", rank: null });
    expectSameFigures(view.overall, figuresOf(harbour), "Harbour View Hotel");
    expect(view.zones).toEqual(["Pacific/Honolulu"]);
    expect(new Set(view.unacknowledged.rows.map((alert) => alert.label))).toEqual(new Set(["Harbour View Hotel"]));
  });

  it("narrows to one property by its label, keeping its place in the ranking; an unknown one shows them all", async () => {
    const all = await alertResponseFor(db(), EVERY_PROPERTY, { window: 30 }, { now: NOW, ranked: true });
    const label = "Seaside Suites (New York time)";
    const view = await alertResponseFor(
      db(),
      EVERY_PROPERTY,
      { window: 30, property: "seaside suites (new york time)" },
      { now: NOW, ranked: true },
    );
    expect(view.property).toBe(label);
    expect(view.choices).toContain(label);
    expect(view.properties.rows).toEqual(all.properties.rows.filter((row) => row.label === label));
    const row = view.properties.rows[0]!;
    expect(row.state.kind).toBe("alerts");
    if (row.state.kind === "alerts") expectSameFigures(view.overall, row.state.figures, label);
    expect(view.zones).toEqual(["America/New_York"]);
    expect(view.unacknowledged.rows.every((alert) => alert.label === label && alert.filterName === null)).toBe(true);

    const unknown = await alertResponseFor(
      db(),
      EVERY_PROPERTY,
      { window: 30, property: "Nowhere Inn" },
      { now: NOW, ranked: true },
    );
    expect(unknown).toMatchObject({ property: null, unknownProperty: "Nowhere Inn" });
    expect(unknown.overall).toEqual(all.overall);
  });

  it("says not kept for a property whose policy keeps no criminal details, and counts none of its alerts", async () => {
    const before = await alertResponseFor(db(), EVERY_PROPERTY, { window: 30 }, { now: NOW, ranked: true });
    const zurich = (await storedAlerts(db())).filter((alert) => alert.propertyName === "Grand Hotel Zürich");
    expect(zurich.length).toBeGreaterThan(0);
    const [policy] = await db()
      .insert(privacyPolicies)
      .values({ name: "No criminal details", retentionDays: 90, kept: ALL_FIELDS_KEPT, criminalDetails: false })
      .returning({ id: privacyPolicies.id });
    await db().insert(privacyAssignments).values({ propertyName: "Grand Hotel Zürich", policyId: policy!.id });
    forgetCachedPolicies(db());
    try {
      const view = await alertResponseFor(db(), EVERY_PROPERTY, { window: 30 }, { now: NOW, ranked: true });
      expect(view.properties.rows.find((row) => row.label === "Grand Hotel Zürich")?.state).toEqual({
        kind: "not-kept",
        policy: "No criminal details",
      });
      expect(view.notKept).toBe(1);
      expect(view.overall.alerts).toBe(before.overall.alerts - zurich.length);
      expect(view.unacknowledged.rows.some((alert) => alert.propertyName === "Grand Hotel Zürich")).toBe(false);

      const alone = await alertResponseFor(
        db(),
        EVERY_PROPERTY,
        { window: 30, property: "Grand Hotel Zürich" },
        { now: NOW, ranked: true },
      );
      expect(alone.properties.rows.map((row) => row.state.kind)).toEqual(["not-kept"]);
      expect(alone.overall.alerts).toBe(0);
      expect(alone.unacknowledged.total).toBe(0);
    } finally {
      await db().delete(privacyAssignments).where(eq(privacyAssignments.propertyName, "Grand Hotel Zürich"));
      await db()
        .delete(privacyPolicies)
        .where(and(eq(privacyPolicies.name, "No criminal details"), eq(privacyPolicies.isDefault, false)));
      forgetCachedPolicies(db());
    }
  });

  it("has no alerts, not a time, for a window without a stored day", async () => {
    const view = await alertResponseFor(
      db(),
      EVERY_PROPERTY,
      { window: 30 },
      { now: new Date("2027-06-01T12:00:00Z"), ranked: true },
    );
    expect(view.storedDays).toBe(0);
    expect(view.overall).toEqual({ alerts: 0, acknowledged: 0, notAcknowledged: 0, p50Ms: null, p90Ms: null });
    expect(view.properties.rows.length).toBeGreaterThan(5);
    expect(view.properties.rows.every((row) => row.state.kind === "no-alerts")).toBe(true);
    expect(view.hours.every((hour) => hour.figures.alerts === 0)).toBe(true);
    expect(view.unacknowledged.total).toBe(0);
  });
});
