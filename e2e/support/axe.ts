import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * For pages reached in the middle of a flow (a sign-in's second step, the account set-up): the
 * browser's report of anything the Content-Security-Policy blocked, kept from the first script on,
 * and axe's findings, as e2e/accessibility.spec.ts checks every screen.
 */
export async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
    );
  });
}

export async function expectAccessible(page: Page, where: string) {
  expect(
    await page.evaluate(() => (window as unknown as { policyViolations?: string[] }).policyViolations ?? []),
    `${where}: Content-Security-Policy violations`,
  ).toEqual([]);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
