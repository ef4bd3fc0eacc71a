import "server-only";

import type { Account, User as AuthUser } from "next-auth";
import { headers } from "next/headers";

import { claimValues, mappedAccess, type SsoRefusal } from "@/lib/core/sso";
import { recordAudit } from "@/lib/server/audit/record";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";

import type { SsoClaims } from "./sso-provider";
import { getSsoState, recordTest } from "./sso-settings";
import { signInThroughProvider } from "./sso-sign-in";
import { endSsoTest, ssoTestOf, testOutcomePath } from "./sso-test";
import { findUserById } from "./users";

/** The sign-in page, saying why a sign-in through the provider did not happen (a word, never the person's data). */
export function refusedPath(refusal: SsoRefusal): string {
  return `/sign-in?sso=${refusal}`;
}

/**
 * Auth.js's signIn callback for the provider: the person came back with valid tokens. Returns true
 * to start the session Daybook opened (its id put on `user`), or the page to send the browser to.
 */
export async function onProviderSignIn(user: AuthUser, account: Account, claims: SsoClaims): Promise<true | string> {
  const state = await getSsoState();
  const address = clientAddress(await headers());
  if (!state.connection) return refusedPath("not_configured");

  const testedBy = await ssoTestOf();
  if (testedBy) {
    await endSsoTest();
    const db = await getDb();
    const admin = await findUserById(db, testedBy);
    if (!admin || admin.role !== "admin" || admin.disabledAt) return refusedPath("not_configured");
    await recordTest(db, state.connection, admin.id);
    const groups = claimValues(claims, state.policy.groupClaim);
    const mapped = mappedAccess(groups, state.mappings);
    await recordAudit(db, {
      action: "sso.test",
      actor: { id: admin.id, email: admin.email },
      target: "identity provider",
      clientAddress: address,
      details: {
        issuer: state.connection.issuer,
        email:
          typeof claims.email === "string" ? (claims.email_verified === true ? "verified" : "not verified") : "none",
        groups: groups.length,
        mappedRole: mapped?.role ?? "none",
      },
    });
    return testOutcomePath("passed");
  }

  if (!state.enabled) return refusedPath("not_configured");
  const result = await signInThroughProvider(await getDb(), state, claims, account.id_token ?? null, address);
  if (!result.ok) return refusedPath(result.refusal);
  user.id = result.user.id;
  user.email = result.user.email;
  user.name = result.user.name;
  user.sid = result.user.sid;
  return true;
}
