import "server-only";

import { AppError } from "@/lib/core/errors";
import {
  admit,
  claimValues,
  emailVouchedFor,
  mappedAccess,
  NO_ACCESS,
  type Access,
  type SsoRefusal,
} from "@/lib/core/sso";
import { auditFor, recordAudit } from "@/lib/server/audit/record";
import type { User } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { countSignInFailure } from "@/lib/server/metrics";

import { startSession } from "./sessions";
import {
  applyAccess,
  createSsoAccount,
  findLinkedUser,
  linkedElsewhere,
  linkIdentity,
  touchIdentity,
} from "./sso-accounts";
import type { SsoClaims } from "./sso-provider";
import type { SsoState } from "./sso-settings";
import { findUserByEmail } from "./users";

export type SsoSignInResult =
  { ok: true; user: { id: string; email: string; name: string; sid: string } } | { ok: false; refusal: SsoRefusal };

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/** The account the provider's identity leads to: linked before, or linked now by a verified e-mail, or made now. */
type Found =
  | { user: User; how: "linked" | "link" }
  | { user: null; how: "create"; email: string; name: string }
  | { refusal: SsoRefusal };

async function findAccount(
  db: Database,
  state: SsoState,
  issuer: string,
  subject: string,
  claims: SsoClaims,
): Promise<Found> {
  const linked = await findLinkedUser(db, issuer, subject);
  if (linked) return { user: linked, how: "linked" };
  const email = text(claims.email);
  if (!email) return { refusal: "no_email" };
  // Only a provider's word that the person owns the address links an account by it (or makes one).
  if (!emailVouchedFor(claims, state.policy.trustProviderEmails)) return { refusal: "email_unverified" };
  const existing = await findUserByEmail(db, email);
  if (existing) {
    // Another subject of this provider holds the account already: an e-mail reused or reassigned.
    if (await linkedElsewhere(db, existing.id, issuer)) return { refusal: "already_linked" };
    return { user: existing, how: "link" };
  }
  if (!state.policy.createAccounts) return { refusal: "no_account" };
  return { user: null, how: "create", email, name: text(claims.name) ?? email };
}

const accessOf = (user: User): Access => ({
  role: user.role,
  allProperties: user.allProperties,
  properties: user.properties,
});

/**
 * A person coming back from the provider: matched by issuer and subject, or linked on first
 * sign-in by a verified e-mail; made an account when the rules allow; admitted with the access
 * hand-set or mapped (lib/core/sso.ts); every outcome audited. Never throws for a person's reason.
 */
export async function signInThroughProvider(
  db: Database,
  state: SsoState,
  claims: SsoClaims,
  idToken: string | null,
  clientAddress: string | null,
): Promise<SsoSignInResult> {
  const issuer = state.connection!.issuer;
  const subject = String(claims.sub);
  const mapped = mappedAccess(claimValues(claims, state.policy.groupClaim), state.mappings);
  const found = await findAccount(db, state, issuer, subject, claims);
  const provided = text(claims.email);

  const refuse = async (refusal: SsoRefusal, user?: User) => {
    countSignInFailure(refusal === "disabled" ? "disabled" : "sso_refused");
    await recordAudit(db, {
      action: "sign_in.failure",
      outcome: "failure",
      actor: user ? { id: user.id, email: user.email } : null,
      target: user?.email ?? provided ?? "unknown account",
      clientAddress,
      details: { method: "single sign-on", reason: refusal },
    });
    return { ok: false as const, refusal };
  };
  if ("refusal" in found) return refuse(found.refusal);

  const rules = {
    strict: state.policy.strict,
    requiredAmr: state.policy.requiredAmr,
    requiredAcr: state.policy.requiredAcr,
  };
  const facts = found.user
    ? { disabled: found.user.disabledAt !== null, accessSource: found.user.accessSource, hand: accessOf(found.user) }
    : { disabled: false, accessSource: "mapping" as const, hand: NO_ACCESS };
  const admission = admit(facts, claims, mapped, rules);
  if (!admission.ok) return refuse(admission.refusal, found.user ?? undefined);

  let user = found.user;
  if (found.how === "create") {
    user = (await createSsoAccount(db, { email: found.email, name: found.name }, admission.access)) ?? null;
    // Made by another sign-in at the same moment, or an account of that e-mail appeared: try once more from the start.
    if (!user) return refuse("already_linked");
    await recordAudit(db, {
      action: "sso.account_create",
      actor: { id: user.id, email: user.email },
      target: user.email,
      clientAddress,
      details: {
        role: admission.access.role,
        properties: admission.access.allProperties ? "all" : admission.access.properties,
      },
    });
  }
  if (!user) return refuse("no_account");
  const audit = auditFor(db, { actor: { id: user.id, email: user.email }, target: user.email, clientAddress });

  if (found.how !== "linked") {
    if (!(await linkIdentity(db, user.id, issuer, subject))) return refuse("already_linked", user);
    await audit({ action: "sso.link", details: { how: found.how === "create" ? "new account" : "verified e-mail" } });
  } else {
    await touchIdentity(db, issuer, subject);
  }

  const applied = await applyAccess(db, user.id, admission.access, admission.mapped).catch((error: unknown) => {
    // The groups would take the last admin's role (or last break-glass admin's) away: refused, and nothing changes.
    if (error instanceof AppError && (error.code === "last_admin" || error.code === "last_break_glass")) return null;
    throw error;
  });
  if (applied === null) return refuse("no_role", user);
  if (!applied) return refuse("no_account", user);
  if (applied.changed) {
    await audit({
      action: "sso.access_change",
      details: {
        from: describe(applied.before),
        to: describe(admission.access),
        groups: claimValues(claims, state.policy.groupClaim).filter((group) =>
          state.mappings.some((mapping) => mapping.group === group),
        ),
      },
    });
  }
  const sid = await startSession(db, user.id, { idToken });
  await audit({ action: "sign_in.success", details: { method: "single sign-on" } });
  return { ok: true, user: { id: user.id, email: user.email, name: applied.user.name, sid } };
}

function describe(access: Access): string {
  return `${access.role}: ${access.allProperties ? "all properties" : access.properties.join(", ") || "no properties"}`;
}
