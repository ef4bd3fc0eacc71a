import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";
import { pdfText } from "@/tests/support/pdf-text";

interface Item {
  propertyName: string;
  checkInAtUtc: string;
  checkInDateLocal: string;
  firstName: string;
  lastName: string;
  acknowledgedAtUtc: string | null;
}

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";

/**
 * The supervisor's two properties and their zones' offsets, worked out by hand rather than by the
 * formatter under test: Honolulu keeps no daylight saving; New York is on standard time from the
 * first Sunday of November to the second of March, which holds the suite's clock (checked below).
 */
const ZONES: Record<string, { name: string; hours: number }> = {
  [HARBOUR]: { name: "HST", hours: -10 },
  [RIVERSIDE]: { name: "EST", hours: -5 },
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-23T02:54:00Z" in a zone `hours` from UTC: "Nov 22, 2026, 4:54 PM HST". */
function wallClock(instant: string, hours: number, zone: string): string {
  const at = new Date(Date.parse(instant) + hours * 3_600_000);
  const h = at.getUTCHours();
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${String(at.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}, ${clock} ${zone}`;
}

const utcText = (instant: string) => wallClock(instant, 0, "UTC");
function propertyText(property: string, instant: string): string {
  const zone = ZONES[property]!;
  return wallClock(instant, zone.hours, zone.name);
}

const cards = (page: Page) => page.getByTestId("criminal-arrival");
const historyEnds = new Date(Date.parse(E2E_CLOCK) - 86_400_000).toISOString().slice(0, 10);

async function upstream(request: APIRequestContext, property: string): Promise<Item[]> {
  return ((await simulatorReport(request, "criminal-arrivals", property)) as { items: Item[] }).items;
}

test.describe("times of a property's day are in its own zone, named", () => {
  test.beforeAll(() => {
    const month = new Date(E2E_CLOCK).getUTCMonth();
    expect(month === 10 || month === 11 || month === 0 || month === 1, "New York on standard time").toBe(true);
  });

  test.beforeEach(async ({ request }) => {
    await simulatorControl(request).reset();
  });

  test("criminal arrivals of two zones: each check-in and acknowledgement in its property's zone, UTC a hover away, and in the CSV", async ({
    page,
    request,
  }) => {
    const items = [...(await upstream(request, RIVERSIDE)), ...(await upstream(request, HARBOUR))];
    expect(new Set(items.map((item) => item.propertyName))).toEqual(new Set([RIVERSIDE, HARBOUR]));
    await signInAs(page, "supervisor", "/criminal-arrivals");
    await settled(page, cards(page).first());
    // Two properties' lists: more than the 20 cards drawn at first.
    const all = page.getByTestId("more-arrivals").getByRole("button", { name: /^Show all \d+$/ });
    if (await all.isVisible()) await all.click();
    await expect(cards(page)).toHaveCount(items.length);
    // Daybook knows both zones: no sentence about UTC.
    await expect(page.getByTestId("utc-notice")).toHaveCount(0);
    await expect(page.getByText("Check-in times are in UTC")).toHaveCount(0);

    for (const item of items) {
      const card = cards(page)
        .filter({ has: page.locator(`time[datetime="${item.checkInAtUtc}"]`) })
        .filter({
          has: page.getByTestId("guest-name").getByText(`${item.firstName} ${item.lastName}`, { exact: true }),
        });
      const checkIn = card.getByTestId("check-in");
      await expect(checkIn).toHaveText(propertyText(item.propertyName, item.checkInAtUtc));
      await expect(checkIn).toHaveAttribute("title", utcText(item.checkInAtUtc));
      if (item.acknowledgedAtUtc !== null) {
        await expect(card.getByTestId("acknowledged-local")).toHaveText(
          propertyText(item.propertyName, item.acknowledgedAtUtc),
        );
        await expect(card.getByTestId("acknowledged-utc")).toHaveText(utcText(item.acknowledgedAtUtc));
      }
    }

    const started = page.waitForEvent("download");
    const download = "Download CSV of the criminal arrivals list";
    await page
      .getByRole("button", { name: download })
      .or(page.getByRole("link", { name: download }))
      .click();
    const text = await readFile((await (await started).path())!, "utf8");
    const [headers, ...rows] = parse(text, { bom: true }) as string[][];
    const column = (name: string) => headers!.indexOf(name);
    expect(headers!.slice(column("Checked in (property time)"), column("Checked in (UTC)") + 1)).toEqual([
      "Checked in (property time)",
      "Property time zone",
      "Checked in (UTC)",
    ]);
    expect(rows).toHaveLength(items.length);
    const expected = items.map((item) => [
      `${item.firstName} ${item.lastName}`,
      propertyText(item.propertyName, item.checkInAtUtc),
      item.propertyName === HARBOUR ? "Pacific/Honolulu" : "America/New_York",
      utcText(item.checkInAtUtc),
    ]);
    const got = rows.map((row) => [
      row[column("Guest")],
      row[column("Checked in (property time)")],
      row[column("Property time zone")],
      row[column("Checked in (UTC)")],
    ]);
    expect(got.map((row) => row.join("|")).sort()).toEqual(expected.map((row) => row.join("|")).sort());
  });

  test("the review queue's times are in each list's property zone", async ({ page }) => {
    await signInAs(page, "supervisor", "/review");
    const rows = page.getByTestId("queue-row");
    await settled(page, rows.first());
    for (const property of [HARBOUR, RIVERSIDE]) {
      const row = rows.filter({ has: page.getByRole("link", { name: new RegExp(`^${escapeRegExp(property)}`) }) });
      await expect(row.first()).toBeVisible();
      const stored = row.first().getByTestId("queue-stored").locator("time");
      const at = (await stored.getAttribute("datetime"))!;
      await expect(stored).toHaveText(propertyText(property, at));
      await expect(stored).toHaveAttribute("title", utcText(at));
    }
  });

  test("the sign-off record of a Harbour View list, on the page and in its PDF, gives check-ins in Hawaii time with UTC beside", async ({
    page,
    request,
  }) => {
    // Harbour View's lists alone: a property's lists of the demo's history fit on one page.
    await signInAs(page, "supervisor", `/review?${new URLSearchParams({ property: HARBOUR })}`);
    const rows = page.getByTestId("queue-row");
    await settled(page, rows.first());
    const hrefs = await rows
      .getByRole("link", { name: new RegExp(`^${escapeRegExp(HARBOUR)}`) })
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const dayOf = (href: string) => new URL(href, "http://x").searchParams.get("day") ?? "";
    const day = hrefs
      .map(dayOf)
      .filter((candidate) => candidate <= historyEnds)
      .at(-1)!;
    expect(day, `a Harbour View list stored by the demo history (up to ${historyEnds})`).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The simulator's own report of that day (Honolulu's yesterday at 11:30 UTC the day after), as oracle.
    const control = simulatorControl(request);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    let items: Item[];
    await control.setClock(`${next}T11:30:00Z`);
    try {
      items = (await upstream(request, HARBOUR)).filter((item) => item.checkInDateLocal === day);
    } finally {
      await control.restoreClock();
    }
    expect(items.length).toBeGreaterThan(0);
    const expected = items.map((item) => `${propertyText(HARBOUR, item.checkInAtUtc)} (${utcText(item.checkInAtUtc)})`);

    await page.goto(`/review/record?${new URLSearchParams({ property: HARBOUR, day })}`);
    const record = page.getByTestId("sign-off-record");
    const checkedIn = record.getByTestId("record-checked-in");
    await expect(checkedIn).toHaveCount(items.length);
    expect((await checkedIn.allInnerTexts()).sort()).toEqual([...expected].sort());
    await expect(record.getByTestId("record-times-note")).toContainText("(Pacific/Honolulu, HST)");

    const file = await page.request.get(
      `/api/export/sign-off-record?${new URLSearchParams({ property: HARBOUR, day })}`,
    );
    expect(file.status()).toBe(200);
    const { text } = await pdfText(new Uint8Array(await file.body()));
    const flat = text.replace(/\s+/g, " ");
    for (const line of expected) expect(flat).toContain(line);
    expect(flat).toContain("(Pacific/Honolulu, HST)");
  });
});
