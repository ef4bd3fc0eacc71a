import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { fieldCode } from "@/lib/features/history/item-codec";
import { fillDemoHistory } from "@/lib/features/sync/demo";
import { privacyAssignments, privacyPolicies, purgeLog, storedItems } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { DEMO_EU_POLICY, DEMO_EU_PROPERTY } from "./demo";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());

describeEachDatabase("the demo's privacy policies", (db) => {
  it("puts one European property under a strict EU policy before the first pull, so its days never held those fields", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(await fillDemoHistory(db(), apiFor(sim), { days: 2, simulatorUrl: sim.url, now })).not.toBeNull();

    const policies = await db().select().from(privacyPolicies);
    expect(policies.map((policy) => [policy.name, policy.isDefault]).sort()).toEqual([
      ["Default", true],
      [DEMO_EU_POLICY, false],
    ]);
    const eu = policies.find((policy) => policy.name === DEMO_EU_POLICY)!;
    expect(eu).toMatchObject({
      retentionDays: 30,
      kept: { dateOfBirth: false, address: false, email: false, phone: false, document: true, offenseDetails: false },
      criminalDetails: true,
      legalHold: null,
    });
    expect(policies.find((policy) => policy.isDefault)).toMatchObject({ retentionDays: null });
    expect(await db().select().from(privacyAssignments)).toMatchObject([
      { propertyName: DEMO_EU_PROPERTY, policyId: eu.id },
    ]);

    const keys = await db()
      .select({ keys: sql<string[]>`array(select jsonb_object_keys(${storedItems.item}))` })
      .from(storedItems)
      .where(eq(storedItems.propertyName, DEMO_EU_PROPERTY));
    expect(keys.length).toBeGreaterThan(0);
    const dropped = ["dateOfBirth", "address", "city", "state", "zipCode", "email", "phone", "offenseDescriptions"];
    expect(keys.filter((row) => row.keys.some((key) => dropped.map(fieldCode).includes(key)))).toEqual([]);
    expect(keys.some((row) => row.keys.includes(fieldCode("identificationNumber")))).toBe(true);
    // Nothing had to be removed: it was never stored.
    expect(await db().select().from(purgeLog)).toEqual([]);
  });
});
