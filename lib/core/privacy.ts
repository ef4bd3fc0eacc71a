/**
 * Privacy policies: how long Daybook keeps guest-level data of a property, and which of a guest's
 * fields it keeps at all. A property follows the policy assigned to it, else the default policy.
 * A field a policy does not keep is dropped from an arrival before it is stored or cached, and the
 * arrival says so (`notKept`), so a screen can say "not kept under EU" where the value would be.
 * Names, room, gender, source and the screening flags are always kept. Pure and isomorphic.
 */

import { propertyKey } from "./access";

/** What a policy may leave out; each covers one or more fields of an arrival. */
export const POLICY_FIELDS = ["dateOfBirth", "address", "email", "phone", "document", "offenseDetails"] as const;
export type PolicyField = (typeof POLICY_FIELDS)[number];

export const POLICY_FIELD_LABELS: Record<PolicyField, string> = {
  dateOfBirth: "Date of birth",
  address: "Address (street, city, state, ZIP)",
  email: "E-mail",
  phone: "Phone",
  document: "Document number and expiry",
  offenseDetails: "Offense descriptions and crime types",
};

/** The guest-arrival fields each policy field stands for. */
export const GUEST_FIELDS: Record<PolicyField, readonly string[]> = {
  dateOfBirth: ["dateOfBirth"],
  address: ["address", "city", "state", "zipCode"],
  email: ["email"],
  phone: ["phone"],
  document: ["identificationNumber", "documentExpirationDate"],
  offenseDetails: [],
};

/** The criminal-arrival fields each policy field stands for. */
export const CRIMINAL_FIELDS: Record<PolicyField, readonly string[]> = {
  dateOfBirth: [],
  address: [],
  email: [],
  phone: [],
  document: [],
  offenseDetails: ["crimeTypes", "offenseDescriptions"],
};

export type KeptFields = Record<PolicyField, boolean>;

export const ALL_FIELDS_KEPT: KeptFields = Object.fromEntries(
  POLICY_FIELDS.map((field) => [field, true]),
) as KeptFields;

export interface PrivacyPolicy {
  id: string;
  name: string;
  /** The policy of every property without one of its own; there is exactly one. */
  isDefault: boolean;
  /** Days a property day's guest-level data is kept, counted in the property's own local days. */
  retentionDays: number;
  kept: KeptFields;
  /** False: criminal-arrival records (crime types, offense descriptions, acknowledgement) are not kept at all. */
  criminalDetails: boolean;
  /** Set: a legal duty to keep the register (e.g. Spain's three years) blocks erasure, for this reason. */
  legalHold: string | null;
}

/** On an arrival whose policy left fields out: which, and under which policy (by name). */
export interface NotKept {
  policy: string;
  fields: PolicyField[];
}

/** Properties assigned a policy other than the default, by property name as the API spells it. */
export interface PolicyAssignment {
  propertyName: string;
  policyId: string;
}

/** Every policy and assignment, as one value: what a pull, a read or housekeeping resolves against. */
export interface PolicySet {
  policies: PrivacyPolicy[];
  assignments: PolicyAssignment[];
}

/** The policy a property follows: its own (names compared as the API compares them), else the default. */
export function policyFor(set: PolicySet, propertyName: string): PrivacyPolicy {
  const key = propertyKey(propertyName);
  const assigned = set.assignments.find((entry) => propertyKey(entry.propertyName) === key);
  const own = assigned && set.policies.find((policy) => policy.id === assigned.policyId);
  if (own) return own;
  const fallback = set.policies.find((policy) => policy.isDefault);
  if (!fallback) throw new Error("No default privacy policy is defined.");
  return fallback;
}

/** The fields a policy leaves out, in POLICY_FIELDS order. */
export function droppedFields(policy: PrivacyPolicy): PolicyField[] {
  return POLICY_FIELDS.filter((field) => !policy.kept[field]);
}

type Item = Record<string, unknown> & { notKept?: NotKept };

/**
 * An item as a policy keeps it: the fields it does not keep removed (never blanked: a blank would
 * read as "nothing captured"), and `notKept` naming them. `fieldsOf` maps a policy field to the
 * item's fields (GUEST_FIELDS or CRIMINAL_FIELDS). Fields already dropped stay dropped: a policy
 * that keeps more than the one a day was stored under never brings a value back.
 */
export function keepUnder<T extends Item>(
  item: T,
  policy: PrivacyPolicy,
  fieldsOf: Record<PolicyField, readonly string[]>,
): T {
  const dropping = droppedFields(policy).filter((field) => fieldsOf[field].length > 0);
  const already = item.notKept?.fields ?? [];
  const fields = POLICY_FIELDS.filter((field) => dropping.includes(field) || already.includes(field));
  if (fields.length === 0) return item;
  const kept: Item = { ...item };
  for (const field of fields) for (const name of fieldsOf[field]) delete kept[name];
  // The name of the policy that last dropped something; an earlier policy's drops stay listed.
  kept.notKept = { policy: dropping.length > 0 ? policy.name : item.notKept!.policy, fields };
  return kept as T;
}

/** Whether `item` still holds a field `policy` does not keep (what housekeeping looks for). */
export function holdsDroppedField(
  item: Item,
  policy: PrivacyPolicy,
  fieldsOf: Record<PolicyField, readonly string[]>,
): boolean {
  return droppedFields(policy).some((field) => fieldsOf[field].some((name) => name in item));
}

/** Whether a field of the arrival was left out by its policy. */
export function isNotKept(item: { notKept?: NotKept }, field: PolicyField): boolean {
  return item.notKept?.fields.includes(field) ?? false;
}

/** What a screen, an export or a record shows where a value was not kept. */
export function notKeptText(policyName: string): string {
  return `Not kept under ${policyName}`;
}

/**
 * Names compared the way people type them: accents, case, punctuation and spacing aside
 * ("José  O'Brien" is "jose obrien"). What a person is found by; never stored as such.
 */
export function normalizePersonName(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => !!part)
    .join(" ")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A date of birth as a calendar day: "1990-04-01T00:00:00" and "1990-04-01" are the same day. */
export function normalizeBirthDate(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? match[1]! : null;
}

/** A document number as scanned or typed: case, spaces and dashes aside. */
export function normalizeDocumentNumber(value: string): string {
  return value
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-./]/g, "");
}

/** The days a privacy request is due in when not configured (GDPR: one month). */
export const DEFAULT_REQUEST_DUE_DAYS = 30;

export const REQUEST_KINDS = ["access", "erasure", "restriction"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  access: "Access (export)",
  erasure: "Erasure",
  restriction: "Restriction",
};

export const REQUEST_STATES = ["open", "done", "refused", "withdrawn"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** Whether an open request is past its due date at `now`. */
export function isOverdue(request: { state: RequestState; dueAt: string }, now: Date): boolean {
  return request.state === "open" && new Date(request.dueAt).getTime() < now.getTime();
}

/**
 * How a stored arrival was matched to a person: a property whose policy does not keep the date of
 * birth matches on the name alone; a criminal arrival through the guest arrival of the same check-in.
 */
export type PersonMatch =
  "name and date of birth" | "name only: date of birth not kept" | "document number" | "same arrival";

export const PURGE_REASONS = ["retention", "policy", "erasure"] as const;
export type PurgeReason = (typeof PURGE_REASONS)[number];

/** "Not kept under EU" where the arrival's policy left `field` out; null where it was kept. */
export function notKeptFor(item: { notKept?: NotKept }, field: PolicyField): string | null {
  return isNotKept(item, field) ? notKeptText(item.notKept!.policy) : null;
}
