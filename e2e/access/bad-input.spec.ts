import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { E2E_PORT } from "@/e2e/support/ports";
import { serverLogs } from "@/e2e/support/server-logs";
import { settled } from "@/e2e/support/settled";

/**
 * Input no form sends (control characters, days that are not days, ids that are not ids) is
 * refused with a 4xx, in Daybook's words, and never reaches the database as a store error; a
 * refusal that is audited for a property one may not see is audited for such input too.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ORIGIN = `http://localhost:${E2E_PORT}`;
const PROBE = "Outback Rest\u0000";
const DAY = "2026-11-24";

/** The lines the server logged while answering the request `requestId`, once its access line is there. */
async function linesOf(requestId: string): Promise<string[]> {
  const lines = () =>
    serverLogs()
      .split("\n")
      .filter((line) => line.includes(requestId));
  await expect.poll(() => lines().length).toBeGreaterThan(0);
  return lines();
}

/** The id of a server action, by the file and the name it is exported under (the build's manifest). */
function actionId(file: string, exportedName: string): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(
    ([, action]) => action.filename === file && action.exportedName === exportedName,
  );
  if (!found) throw new Error(`no server action ${exportedName} in ${file}`);
  return found[0];
}

/** Calls a server action as the page `path` would, with `input` as its one argument: the answer's text. */
async function callAction(page: Page, pagePath: string, file: string, name: string, input: unknown) {
  const answer = await page.request.post(pagePath, {
    headers: {
      "Next-Action": actionId(file, name),
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Origin: ORIGIN,
    },
    data: JSON.stringify([input]),
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(200);
  return answer.text();
}

/** Whether the audit log holds a refusal of malformed input under `action` for the supervisor. */
async function expectMalformedAudited(page: Page, action: string, field: string) {
  const query = new URLSearchParams({ action, outcome: "failure", actor: "supervisor@daybook.demo" });
  await page.goto(`/admin/audit?${query}`);
  const main = page.getByRole("main");
  await settled(page, main);
  await expect(main.getByText("malformed input").filter({ visible: true }).first()).toBeVisible();
  await expect(main.getByText(field, { exact: true }).filter({ visible: true }).first()).toBeVisible();
}

test.describe.serial("control characters in a property name", () => {
  test("the sign-off record file answers 400 in Daybook's words, and logs no error", async ({ page }) => {
    await signInAs(page, "supervisor", "/review");
    const answer = await page.request.get(`/api/export/sign-off-record?day=${DAY}&property=Outback+Rest%00`);
    expect(answer.status()).toBe(400);
    expect((await answer.json()).error.code).toBe("malformed_text");
    const lines = await linesOf(answer.headers()["x-request-id"]!);
    expect(lines.filter((line) => line.includes("ERROR"))).toEqual([]);
  });

  test("the sign-off record page says it cannot be opened", async ({ page }) => {
    await signInAs(page, "supervisor", "/review");
    await page.goto(`/review/record?day=${DAY}&property=Outback%20Rest%00`);
    const main = page.getByRole("main");
    await expect(main.getByText("This record could not be opened")).toBeVisible();
    await expect(main).toContainText("control characters");
    await expect(main).not.toContainText("Daybook could not show");
  });

  test("the review, sign-off and reveal actions refuse the input in their one failure shape", async ({ page }) => {
    await signInAs(page, "supervisor", "/review");
    const review = await callAction(
      page,
      "/criminal-arrivals",
      "lib/features/review/actions.ts",
      "reviewArrivalAction",
      {
        propertyName: PROBE,
        zone: null,
        day: DAY,
        itemKey: "0".repeat(64),
        note: "",
      },
    );
    expect(review).toContain('"ok":false,"code":"invalid"');
    expect(review).toContain('"propertyName":"This holds control characters');
    const signOff = await callAction(page, "/criminal-arrivals", "lib/features/review/actions.ts", "signOffAction", {
      propertyName: PROBE,
      zone: null,
      day: DAY,
      note: "All\tchecked\r\nwith the desk.",
    });
    expect(signOff).toContain('"ok":false,"code":"invalid"');
    expect(signOff).toContain('"propertyName":"This holds control characters');
    expect(signOff).not.toContain('"note"');
    const reveal = await callAction(page, "/guests", "lib/features/guests/actions.ts", "revealIdentification", {
      propertyName: PROBE,
      checkInAtUtc: `${DAY}T10:00:00Z`,
      firstName: "Ada",
      lastName: "Probe",
      day: DAY,
    });
    expect(reveal).toContain('"ok":false,"code":"invalid"');
    expect(reveal).toContain('"propertyName":"This holds control characters');
  });

  test("each refusal is in the audit log, naming the field and not the value", async ({ page }) => {
    await signInAs(page, "admin", "/admin/audit");
    for (const action of ["record.pdf", "record.print"]) await expectMalformedAudited(page, action, "property");
    for (const action of ["review.item", "review.sign_off", "guest.reveal_id"])
      await expectMalformedAudited(page, action, "propertyName");
    await expect(page.getByRole("main")).not.toContainText("Outback");
  });
});

test("a day that is not a day is said so on the Overview, as on the other screens", async ({ page }) => {
  await signInAs(page, "admin", "/review");
  for (const day of ["abc", "2026-1-1", "20261124", "2026-13-01"]) {
    const answer = await page.goto(`/?day=${day}`);
    expect(answer?.status(), day).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("status").filter({ hasText: "days are written YYYY-MM-DD" })).toBeVisible();
    await expect(main).not.toContainText("Daybook could not show");
    await expect(main).not.toContainText("Reference for support");
  }
});

test("a sign-in callback fetched instead of posted is a 405, not an error in the log", async ({ request }) => {
  const answer = await request.get("/api/auth/callback/credentials", { maxRedirects: 0 });
  expect(answer.status()).toBe(405);
  expect(answer.headers().allow).toBe("POST");
  expect((await answer.json()).error.code).toBe("method_not_allowed");
  const lines = await linesOf(answer.headers()["x-request-id"]!);
  expect(lines.filter((line) => line.includes("ERROR"))).toEqual([]);
});

test("a caught mail id shaped like a UUID but not one is no message (404)", async ({ page }) => {
  await signInAs(page, "admin", "/admin/mail");
  const answer = await page.request.get(`/api/admin/mail/caught/${"-".repeat(36)}`);
  expect(answer.status()).toBe(404);
  expect((await answer.json()).error.code).toBe("not_found");
  const lines = await linesOf(answer.headers()["x-request-id"]!);
  expect(lines.filter((line) => line.includes("ERROR"))).toEqual([]);
});
