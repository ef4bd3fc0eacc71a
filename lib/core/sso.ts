/**
 * Single sign-on's rules, pure: which access an identity provider's groups give, and whether a
 * person may come in. The provider's answer (the ID token's claims) arrives as plain JSON; every
 * decision here is explained by a refusal reason the sign-in page puts in words.
 */
import type { Role } from "./access";

/** A value of the group claim and the access it gives. */
export interface GroupMapping {
  group: string;
  role: Role;
  allProperties: boolean;
  properties: readonly string[];
}

export interface Access {
  role: Role;
  allProperties: boolean;
  properties: string[];
}

/**
 * When a person's groups give several roles, the one reaching furthest wins: an admin group beats a
 * regional one, which beats a supervisor's, which beats a property manager's.
 */
export const ROLE_PRECEDENCE: readonly Role[] = ["admin", "regional", "supervisor", "viewer"];

/**
 * The values of `claim` in the claims: a list of strings or one string, at a dotted path for
 * providers that nest them (Keycloak's "realm_access.roles"). Anything else counts as no value.
 */
export function claimValues(claims: Readonly<Record<string, unknown>>, claim: string): string[] {
  const value =
    claim in claims
      ? claims[claim]
      : claim
          .split(".")
          .reduce<unknown>(
            (found, part) =>
              found && typeof found === "object" && !Array.isArray(found)
                ? (found as Record<string, unknown>)[part]
                : undefined,
            claims,
          );
  if (typeof value === "string") return value === "" ? [] : [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string" && entry !== "");
  return [];
}

/**
 * The access `groups` give under `mappings`: the role reaching furthest among the matching
 * mappings, with every property any of that role's matching mappings names. Null: none matches.
 * Group names match exactly, as the provider spells them.
 */
export function mappedAccess(groups: readonly string[], mappings: readonly GroupMapping[]): Access | null {
  const held = new Set(groups);
  const matching = mappings.filter((mapping) => held.has(mapping.group));
  const role = ROLE_PRECEDENCE.find((candidate) => matching.some((mapping) => mapping.role === candidate));
  if (!role) return null;
  const granting = matching.filter((mapping) => mapping.role === role);
  const allProperties = granting.some((mapping) => mapping.allProperties);
  const properties = allProperties ? [] : [...new Set(granting.flatMap((mapping) => mapping.properties))].sort();
  return { role, allProperties, properties };
}

/** Whether two accesses are the same (properties in any order). */
export function sameAccess(a: Access | null, b: Access | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.role !== b.role || a.allProperties !== b.allProperties) return false;
  const left = [...new Set(a.properties)].sort();
  const right = [...new Set(b.properties)].sort();
  return left.length === right.length && left.every((name, index) => name === right[index]);
}

/** Why a single sign-on was refused or failed: a word of a fixed vocabulary, safe in an address and a log. */
export const SSO_REFUSALS = [
  "no_email",
  "email_unverified",
  "no_account",
  "already_linked",
  "no_role",
  "disabled",
  "second_factor",
  "cancelled",
  "provider_error",
  "provider_unreachable",
  "invalid_state",
  "invalid_token",
  "not_configured",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export function isSsoRefusal(value: unknown): value is SsoRefusal {
  return typeof value === "string" && (SSO_REFUSALS as readonly string[]).includes(value);
}

/** What the admission rules are given about the account the provider's identity leads to. */
export interface AccountFacts {
  disabled: boolean;
  accessSource: "hand" | "mapping";
  /** The access an admin set by hand (what the account holds while its source is "hand"). */
  hand: Access;
}

export interface AdmissionRules {
  strict: boolean;
  requiredAmr: string | null;
  requiredAcr: string | null;
}

export type Admission =
  | {
      ok: true;
      /** The access the account holds after this sign-in. */
      access: Access;
      /** What the mapping gave, recorded on the account whichever access is in effect. */
      mapped: Access | null;
    }
  | { ok: false; refusal: SsoRefusal };

/**
 * Whether the provider vouches for the e-mail address: `email_verified` true (some providers send it
 * as the string "true"), or, for a provider that never sends the claim (Microsoft Entra ID), an admin's
 * choice to trust its addresses.
 */
export function emailVouchedFor(claims: Readonly<Record<string, unknown>>, trustUnverified: boolean): boolean {
  if (claims.email_verified === true || claims.email_verified === "true") return true;
  return trustUnverified && !("email_verified" in claims);
}

/** Whether the ID token's authentication meets the rules' required `amr` value and `acr`. */
export function meetsAuthentication(claims: Readonly<Record<string, unknown>>, rules: AdmissionRules): boolean {
  if (rules.requiredAmr && !claimValues(claims, "amr").includes(rules.requiredAmr)) return false;
  if (rules.requiredAcr && claims.acr !== rules.requiredAcr) return false;
  return true;
}

/** A property manager of nothing: what a person the mapping gives no role gets when the rules are not strict. */
export const NO_ACCESS: Access = { role: "viewer", allProperties: false, properties: [] };

/**
 * Whether an account (existing, or about to be made) may come in, and with which access. Hand-set
 * access wins over the mapping: an admin's choice on a person is never overwritten by the groups,
 * which are still recorded to show beside it.
 */
export function admit(
  account: AccountFacts,
  claims: Readonly<Record<string, unknown>>,
  mapped: Access | null,
  rules: AdmissionRules,
): Admission {
  if (account.disabled) return { ok: false, refusal: "disabled" };
  if (!meetsAuthentication(claims, rules)) return { ok: false, refusal: "second_factor" };
  if (account.accessSource === "hand") return { ok: true, access: account.hand, mapped };
  if (mapped) return { ok: true, access: mapped, mapped };
  if (rules.strict) return { ok: false, refusal: "no_role" };
  return { ok: true, access: NO_ACCESS, mapped };
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * What is wrong with an issuer URL, or null: it must be absolute, https (plain http only on the
 * machine itself, as for a provider started beside Daybook), and carry no credentials, query or fragment.
 */
export function issuerProblem(value: string): string | null {
  if (!URL.canParse(value)) return "must be an absolute URL such as https://login.example.com/realms/hotels";
  const url = new URL(value);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname)))
    return "must use https (plain http only for a loopback address)";
  if (url.username || url.password) return "must not carry credentials";
  if (url.search || url.hash) return "must not carry a query string or fragment";
  return null;
}

/** The scopes asked for, one space between each; `openid` is always among them. */
export function scopesProblem(value: string): string | null {
  const scopes = value.trim().split(/\s+/);
  if (!scopes.every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)))
    return "must be scope names separated by spaces";
  if (!scopes.includes("openid")) return "must include openid";
  return null;
}

/** The scopes as sent: trimmed, single spaces. */
export function normalScopes(value: string): string {
  return value.trim().split(/\s+/).join(" ");
}
