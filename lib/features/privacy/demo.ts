/**
 * The demo's privacy policies: the default (every field kept, DAYBOOK_RETENTION_DAYS) and a strict
 * "EU" policy on one European property. Made before the demo's history is pulled, so that
 * property's stored days never held what EU does not keep.
 */
import { eq } from "drizzle-orm";

import { privacyAssignments, privacyPolicies } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

export const DEMO_EU_POLICY = "EU";
/** The simulator's property in Dublin. */
export const DEMO_EU_PROPERTY = "O'Brien's Lodge";

/** Creates the EU policy and its assignment unless present; leaves anything an admin changed alone. */
export async function seedDemoPolicies(db: Executor): Promise<void> {
  await db
    .insert(privacyPolicies)
    .values({
      name: DEMO_EU_POLICY,
      retentionDays: 30,
      kept: { dateOfBirth: false, address: false, email: false, phone: false, document: true, offenseDetails: false },
      criminalDetails: true,
      legalHold: null,
    })
    .onConflictDoNothing();
  const [policy] = await db
    .select({ id: privacyPolicies.id })
    .from(privacyPolicies)
    .where(eq(privacyPolicies.name, DEMO_EU_POLICY));
  if (!policy) return;
  await db
    .insert(privacyAssignments)
    .values({ propertyName: DEMO_EU_PROPERTY, policyId: policy.id })
    .onConflictDoNothing();
}
