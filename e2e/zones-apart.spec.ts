import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

/**
 * An hour when the properties' days differ: at 06:50 UTC New York's and Tokyo's day has closed,
 * Honolulu's has not. The days used lie 50 days after the suite's clock, where no other test goes:
 * what a screen stores at a moved clock stays stored for everyone. They become the newest stored
 * days, which the mail digest and Properties' ranges go by, so this spec sits where it runs last.
 */
const DAY_MS = 86_400_000;
const suiteDay = Date.parse(`${E2E_CLOCK.slice(0, 10)}T00:00:00Z`);
const dayAt = (offset: number) => new Date(suiteDay + offset * DAY_MS).toISOString().slice(0, 10);
/** Every property's day closed: the whole group's day, pulled at noon UTC the day after. */
const WHOLE = dayAt(49);
/** Closed in New York and Tokyo at 06:50 UTC the day after, not in Honolulu. */
const EASTERN = dayAt(50);
const ZONES_APART = `${dayAt(51)}T06:50:00Z`;

const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";

const shortDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function pullNow(page: Page) {
  await page.goto("/admin/sync");
  await page.getByRole("button", { name: "Pull now" }).click();
  await expect(page.getByRole("main").getByText("Pulled", { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** The labels of the day picker's options, once the page has loaded them. */
async function dayOptions(page: Page): Promise<string[]> {
  const picker = page.getByLabel("Day", { exact: true });
  await settled(page, picker);
  return picker.locator("option").allTextContents();
}

test.describe.configure({ mode: "serial" });

test.describe("when the properties' days differ", () => {
  test.afterEach(async ({ request }) => {
    await simulatorControl(request).restoreClock();
  });

  test("a pull stores the eastern properties' day; the admin's yesterday is the day every property closed", async ({
    page,
    request,
  }) => {
    const simulator = simulatorControl(request);
    await simulator.setClock(`${dayAt(50)}T12:00:00Z`);
    await signInAs(page, "admin", "/admin/sync");
    await pullNow(page);
    await simulator.setClock(ZONES_APART);
    await pullNow(page);

    await page.goto("/");
    const options = await dayOptions(page);
    expect(options[0]).toBe(`Yesterday, ${shortDay(WHOLE)} — live`);
    // The eastern day is offered, saying what it covers and when the rest closes.
    const eastern = options.find((label) => label.startsWith(shortDay(EASTERN)))!;
    // Nine names: the two Seaside Suites share one, and close with the later of their zones.
    expect(eastern).toMatch(new RegExp(`^${shortDay(EASTERN)} — \\d of 9 properties — `));
    expect(eastern).toContain(`${HARBOUR}'s day closes at 00:00 HST, stored after`);
    expect(eastern).toContain("Seaside Suites' day closes at 00:00 PST, stored after");
    expect(options).toContain(`${shortDay(WHOLE)} — 9 of 9 properties`);
    await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", WHOLE);
  });

  test("the property manager in Honolulu is never offered a day her property has not closed", async ({
    page,
    request,
  }) => {
    await simulatorControl(request).setClock(ZONES_APART);
    await signInAs(page, "viewer", "/guests");
    const options = await dayOptions(page);
    expect(options[0]).toBe(`Yesterday, ${shortDay(WHOLE)} — live`);
    expect(options.some((label) => label.startsWith(shortDay(EASTERN)))).toBe(false);
    expect(options).toContain(`${shortDay(WHOLE)} — 1 of 1 property`);

    // Asked for by its address, the eastern day is refused in words, never "no arrivals".
    await page.goto(`/guests?day=${EASTERN}`);
    const refusal = page.getByTestId("report-error");
    await expect(refusal).toContainText(
      `is not stored yet for ${HARBOUR} (${HARBOUR}'s day closes at 00:00 HST, stored after)`,
    );
    await expect(page.getByText(/No arrivals/)).toHaveCount(0);
  });

  test("the supervisor of an eastern and a western property: the eastern day covers one of two, and a filter keeps the day", async ({
    page,
    request,
  }) => {
    await simulatorControl(request).setClock(ZONES_APART);
    await signInAs(page, "supervisor", "/criminal-arrivals");
    const options = await dayOptions(page);
    expect(options[0]).toBe(`Yesterday, ${shortDay(WHOLE)} — live`);
    expect(options).toContain(
      `${shortDay(EASTERN)} — 1 of 2 properties — ${HARBOUR}'s day closes at 00:00 HST, stored after`,
    );
    await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", WHOLE);

    // Filtered to the eastern property, yesterday stays the supervisor's, with no word of Harbour View.
    await page.goto(`/criminal-arrivals?property=${encodeURIComponent(RIVERSIDE)}`);
    await settled(page);
    await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", WHOLE);
    await expect(page.getByTestId("held-coverage")).toHaveCount(0);
    await expect(page.getByTestId("report-error")).toHaveCount(0);

    // The eastern day: Riverside's list, and Harbour View named as not stored yet, a click away.
    await page.goto(`/criminal-arrivals?day=${EASTERN}`);
    await settled(page);
    await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", EASTERN);
    const coverage = page.getByTestId("stored-coverage");
    await expect(coverage).toContainText("Shown: 1 of 2 properties; 1 not stored yet");
    await coverage.locator("summary").click();
    await expect(coverage).toContainText(`${HARBOUR}'s day closes at 00:00 HST, stored after`);
    await expect(page.getByText(`No criminal arrivals on`).and(page.getByText(HARBOUR))).toHaveCount(0);
  });
});
