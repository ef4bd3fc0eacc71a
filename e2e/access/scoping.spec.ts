import { expect, test, type APIResponse } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

const VIEWER_PROPERTY = "Harbour View Hotel";
const OTHERS = [
  "Seaside Suites",
  "Riverside & Co. Hotel",
  "O'Brien's Lodge",
  "Grand Hotel Zürich",
  "Quiet Pines Motel",
  "Outback Rest",
];

async function json(response: APIResponse) {
  expect(response.headers()["cache-control"]).toBe("no-store");
  return response.json();
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("a viewer of one property gets only that property's rows and figures from every report route", async ({
  page,
}) => {
  await signInAs(page, "viewer");
  const api = page.request;

  const usage = await json(await api.get("/api/reports/usage"));
  expect(usage.narrowed).toBe(true);
  expect(usage.byProperty.map((row: { propertyName: string }) => row.propertyName)).toEqual([VIEWER_PROPERTY]);
  expect(usage.totals.scans.value).toBe(usage.byProperty[0].scans);
  expect(usage.totals.scans.changePercent).toBeNull();
  expect(usage.activity.points).toEqual([]);

  for (const route of ["/api/reports/guests", "/api/reports/criminal-arrivals"]) {
    const report = await json(await api.get(route));
    expect(report.items.length).toBeGreaterThan(0);
    expect(new Set(report.items.map((item: { propertyName: string }) => item.propertyName))).toEqual(
      new Set([VIEWER_PROPERTY]),
    );
    expect(report.totalCount).toBe(report.items.length);

    const own = await json(await api.get(`${route}?propertyName=${encodeURIComponent("harbour view HOTEL")}`));
    expect(own.propertyName).toBe(VIEWER_PROPERTY);
  }

  const everything = JSON.stringify([
    usage,
    await json(await api.get("/api/reports/guests")),
    await json(await api.get("/api/reports/criminal-arrivals")),
  ]);
  for (const other of OTHERS) expect(everything).not.toContain(other);
});

test("a property outside the viewer's set answers exactly like a property that does not exist", async ({
  page,
  request,
}) => {
  await signInAs(page, "viewer");
  for (const route of ["/api/reports/guests", "/api/reports/criminal-arrivals"]) {
    await simulatorControl(request).reset();
    const outside = await page.request.get(`${route}?propertyName=${encodeURIComponent("Riverside & Co. Hotel")}`);
    // Refused before any upstream call: Daybook knows the name is not the viewer's.
    expect((await simulatorControl(request).requests()).length).toBe(0);
    const unknown = await page.request.get(`${route}?propertyName=Nowhere%20Inn`);
    expect(outside.status()).toBe(404);
    expect(unknown.status()).toBe(404);
    expect(await outside.json()).toEqual(await unknown.json());
  }
});

test("a regional user sees their several properties and nothing else", async ({ page }) => {
  await signInAs(page, "regional");
  const usage = await json(await page.request.get("/api/reports/usage"));
  const names = new Set(usage.byProperty.map((row: { propertyName: string }) => row.propertyName));
  expect(names).toEqual(
    new Set([
      "Harbour View Hotel",
      "Seaside Suites",
      "Riverside & Co. Hotel",
      "Hôtel Élysée Montréal",
      "Quiet Pines Motel",
    ]),
  );
  expect(
    usage.byProperty.filter((row: { propertyName: string }) => row.propertyName === "Seaside Suites"),
  ).toHaveLength(2);
  const sum = usage.byProperty.reduce((total: number, row: { scans: number }) => total + row.scans, 0);
  expect(usage.totals.scans.value).toBe(sum);
});

test("the status page lists only the viewer's own property", async ({ page }) => {
  await signInAs(page, "viewer", "/status");
  const list = page.getByTestId("properties");
  await settled(page, list);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(VIEWER_PROPERTY);
  const html = await page.content();
  for (const other of OTHERS) expect(html).not.toContain(other);
});

test("every page and route that carries guest data says no-store", async ({ page }) => {
  await signInAs(page, "supervisor");
  for (const path of ["/guests", "/criminal-arrivals", "/review", "/"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["cache-control"], path).toContain("no-store");
  }
  for (const path of [
    "/api/reports/guests",
    "/api/reports/criminal-arrivals",
    "/api/export/guests",
    "/api/export/criminal-arrivals",
    "/api/export/banned-after-stay",
  ]) {
    // The guests and banned-after-stay tables are exported with a form post (a name search stays out of addresses).
    const posted = path === "/api/export/guests" || path === "/api/export/banned-after-stay";
    const answer = posted ? await page.request.post(path, { form: {} }) : await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["cache-control"], path).toBe("no-store");
  }
});
