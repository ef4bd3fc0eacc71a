import { eq, sql } from "drizzle-orm";

import type { Role } from "@/lib/core/access";
import { appSettings, type User } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";

import { defaultRequiredRoles, hasSecondFactor, parseRoles, REQUIRED_ROLES_SETTING } from "./second-factor";

/**
 * What a signed-in person must do before anything else: pick their own password when an admin set
 * it, then set up a second factor when their role requires one.
 */
export type RequiredStep = "password" | "second_factor";

export interface RequiredRolesSetting {
  roles: Role[];
  /** False: no admin has chosen yet, and the mode's default applies. */
  chosen: boolean;
}

export async function readRequiredRoles(db: Database, mode: "demo" | "live"): Promise<RequiredRolesSetting> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, REQUIRED_ROLES_SETTING));
  const roles = row ? parseRoles(row.value) : null;
  return roles ? { roles, chosen: true } : { roles: defaultRequiredRoles(mode), chosen: false };
}

export async function writeRequiredRoles(db: Database, roles: readonly Role[], by: string | null): Promise<void> {
  const value = [...roles];
  await db
    .insert(appSettings)
    .values({ key: REQUIRED_ROLES_SETTING, value, updatedBy: by })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: by, updatedAt: sql`now()` } });
}

export async function requiredStep(db: Database, user: User, mode: "demo" | "live"): Promise<RequiredStep | null> {
  if (user.passwordMustChange) return "password";
  const { roles } = await readRequiredRoles(db, mode);
  if (roles.includes(user.role) && !(await hasSecondFactor(db, user.id))) return "second_factor";
  return null;
}
