import "server-only";

import { z } from "zod";

import { PERMISSIONS, propertyKey, ROLES, type Role } from "@/lib/core/access";
import type { UpstreamFailure } from "@/lib/core/errors";
import { textInput } from "@/lib/core/text-input";
import { getUsageReport } from "@/lib/features/reports/server";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { isPartnerApiError } from "@/lib/server/partner-api";

/** A name an admin can grant. One name may stand for several properties: a grant covers them all. */
export interface PropertyName {
  /** As the API spells it (the first spelling seen). */
  name: string;
  /** How many reachable properties answer to this name. */
  sharedBy: number;
}

export interface PropertyOption extends PropertyName {
  /** false: granted to the person but no longer among the names the key reaches; null: unknown (the API did not answer). */
  reached: boolean | null;
  checked: boolean;
}

/** Names as the API's own matching sees them: casing and spacing do not make two properties distinct. */
export function distinctPropertyNames(names: readonly string[]): PropertyName[] {
  const byKey = new Map<string, PropertyName>();
  for (const name of names) {
    const key = propertyKey(name);
    const known = byKey.get(key);
    if (known) known.sharedBy += 1;
    else byKey.set(key, { name, sharedBy: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The checkbox list: every reachable name, plus every name already granted that the key does not
 * reach (or that could not be checked), so saving the form never drops a grant unseen.
 */
export function propertyOptions(
  reachable: readonly PropertyName[] | null,
  granted: readonly string[],
): PropertyOption[] {
  const grantedKeys = new Set(granted.map(propertyKey));
  const options: PropertyOption[] = (reachable ?? []).map((property) => ({
    ...property,
    reached: true,
    checked: grantedKeys.has(propertyKey(property.name)),
  }));
  const listed = new Set(options.map((option) => propertyKey(option.name)));
  for (const name of granted) {
    const key = propertyKey(name);
    if (listed.has(key)) continue;
    listed.add(key);
    options.push({ name, sharedBy: 1, reached: reachable ? false : null, checked: true });
  }
  return options;
}

export type ReachableProperties = { ok: true; properties: PropertyName[] } | { ok: false; error: UpstreamFailure };

const EVERY_PROPERTY = { allProperties: true, properties: [] } as const;

/** The property names the API key reaches now, for granting access; an upstream failure is returned, not thrown. */
export async function getReachableProperties(): Promise<ReachableProperties> {
  try {
    const usage = await getUsageReport(EVERY_PROPERTY);
    return { ok: true, properties: distinctPropertyNames(usage.byProperty.map((row) => row.propertyName)) };
  } catch (error) {
    if (isPartnerApiError(error)) return { ok: false, error: error.toJSON() };
    throw error;
  }
}

export interface AccountFacts {
  name: string;
  role: Role;
  allProperties: boolean;
  properties: readonly string[];
  /** Grants beyond the role; absent: not part of the change. */
  permissions?: readonly string[];
}

/** The audit details of an account change: only what changed; null when nothing did. */
export function accountChangeDetails(before: AccountFacts, after: AccountFacts): Record<string, unknown> | null {
  const details: Record<string, unknown> = {};
  if (before.name !== after.name) Object.assign(details, { nameBefore: before.name, nameAfter: after.name });
  if (before.role !== after.role) Object.assign(details, { roleBefore: before.role, roleAfter: after.role });
  if (before.allProperties !== after.allProperties) {
    Object.assign(details, { allPropertiesBefore: before.allProperties, allPropertiesAfter: after.allProperties });
  }
  const added = after.properties.filter((name) => !before.properties.includes(name));
  const removed = before.properties.filter((name) => !after.properties.includes(name));
  if (added.length > 0) details.propertiesAdded = added;
  if (removed.length > 0) details.propertiesRemoved = removed;
  if (before.permissions !== undefined && after.permissions !== undefined) {
    const granted = after.permissions.filter((grant) => !before.permissions!.includes(grant));
    const withdrawn = before.permissions.filter((grant) => !after.permissions!.includes(grant));
    if (granted.length > 0) details.permissionsGranted = granted;
    if (withdrawn.length > 0) details.permissionsWithdrawn = withdrawn;
  }
  return Object.keys(details).length > 0 ? details : null;
}

/** A form sends one checkbox as a string, several as an array, none as nothing. */
const asList = (value: unknown) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);

/*
 * The schemas are built once for every language, so a refusal names its key under admin.validation
 * in the catalogue; the actions (actions.ts) put it in the person's words.
 */
const accountId = z.guid({ error: "noSuchAccount" });
const name = textInput().trim().min(1, "nameMissing").max(120, "nameTooLong");
const email = textInput()
  .trim()
  .toLowerCase()
  .min(1, "emailMissing")
  .max(254, "emailTooLong")
  .pipe(z.email({ error: "emailInvalid" }));
const role = z.enum(ROLES, { error: "roleMissing" });
const access = z.enum(["all", "selected"], { error: "accessMissing" });
const properties = z.preprocess(asList, z.array(textInput().trim().min(1).max(200, "propertyTooLong")).max(1000));
const password = z
  .string({ error: "passwordMissing" })
  .min(MIN_PASSWORD_LENGTH, "passwordTooShort")
  .max(1024, "passwordTooLong");

const samePassword = {
  check: (input: { password: string; passwordConfirm: string }) => input.password === input.passwordConfirm,
  params: { path: ["passwordConfirm"], error: "passwordsDiffer" },
};

export const createUserSchema = z
  .object({ name, email, role, access, properties, password, passwordConfirm: z.string() })
  .refine(samePassword.check, samePassword.params);

const permissions = z.preprocess(asList, z.array(z.enum(PERMISSIONS, { error: "permissionUnknown" })));

export const updateUserSchema = z.object({ id: accountId, name, role, access, properties, permissions });

export const unlockSignInSchema = z.object({ id: accountId });

export const setUserEnabledSchema = z.object({
  id: accountId,
  enabled: z.union([z.boolean(), z.stringbool()], { error: "enabledMissing" }),
});

export const resetPasswordSchema = z
  .object({ id: accountId, password, passwordConfirm: z.string() })
  .refine(samePassword.check, samePassword.params);

/** What the access radio and checkboxes mean in the users table. */
export function accessFromForm(input: { access: "all" | "selected"; properties: string[] }) {
  return input.access === "all"
    ? { allProperties: true, properties: [] }
    : { allProperties: false, properties: [...new Set(input.properties)] };
}

/** The roles that must sign in with a second factor; none ticked turns the requirement off. */
export const requiredRolesSchema = z.object({
  roles: z.preprocess(asList, z.array(z.enum(ROLES, { error: "roleUnknown" })).max(ROLES.length)),
});

export const resetSecondFactorSchema = z.object({ id: accountId });
