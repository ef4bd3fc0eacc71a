import "server-only";

import type { Viewer } from "@/lib/core/access";
import { readRequiredRoles } from "@/lib/server/auth/required-steps";
import { secondFactorState } from "@/lib/server/auth/second-factor";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

import type { AccountSecurity } from "./types";

/** The person's own security section: whether a second factor is on, and whether their role needs one. */
export async function getAccountSecurity(viewer: Viewer): Promise<AccountSecurity> {
  const db = await getDb();
  const [state, required] = await Promise.all([
    secondFactorState(db, viewer.id),
    readRequiredRoles(db, getConfig().mode),
  ]);
  return {
    email: viewer.email,
    secondFactor: {
      enabled: state.enabled,
      enabledAt: state.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: state.recoveryCodesLeft,
    },
    secondFactorRequired: required.roles.includes(viewer.role),
  };
}
