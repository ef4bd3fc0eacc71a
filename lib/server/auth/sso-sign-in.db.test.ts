import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import type { GroupMapping } from "@/lib/core/sso";
import { auditEvents, ssoIdentities, users, userSessions } from "@/lib/server/db/schema";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

import { startSession } from "./sessions";
import type { SsoState } from "./sso-settings";
import { signInThroughProvider } from "./sso-sign-in";

const ISSUER = "https://login.example.com/realms/hotels";
const MAPPINGS: GroupMapping[] = [
  { group: "west-supervisors", role: "supervisor", allProperties: false, properties: ["Harbour View Hotel"] },
  { group: "managers", role: "viewer", allProperties: false, properties: ["Seaside Suites"] },
];

function state(policy: Partial<SsoState["policy"]> = {}): SsoState {
  return {
    connection: { issuer: ISSUER, clientId: "daybook", clientSecret: "s", scopes: "openid", label: "SSO" },
    source: "stored",
    enabled: true,
    unreadable: false,
    testedAt: new Date(),
    policy: {
      createAccounts: false,
      trustProviderEmails: false,
      strict: true,
      groupClaim: "groups",
      requiredAmr: null,
      requiredAcr: null,
      passwordSignIn: "everyone",
      ...policy,
    },
    mappings: MAPPINGS,
  };
}

const claimsOf = (email: string | undefined, groups: string[] = [], extra: Record<string, unknown> = {}) => ({
  sub: randomUUID(),
  ...(email && { email, email_verified: true }),
  name: "Pat Person",
  groups,
  ...extra,
});

describeEachDatabase("single sign-on's admission", (db) => {
  let lastAuditOf: (email: string) => Promise<{ action: string; details: unknown } | undefined>;
  beforeAll(() => {
    lastAuditOf = async (email) => {
      const [row] = await db()
        .select({ action: auditEvents.action, details: auditEvents.details })
        .from(auditEvents)
        .where(eq(auditEvents.target, email))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      return row;
    };
  });

  it("links an account by verified e-mail once, then knows the person by subject alone, hand-set access kept", async () => {
    const email = uniqueEmail("linked");
    const user = await addUser(db(), email, { role: "regional", properties: ["Quiet Pines Motel"] });
    const claims = claimsOf(email, ["west-supervisors"]);
    const first = await signInThroughProvider(db(), state(), claims, "id-token", "10.0.0.1");
    expect(first).toMatchObject({ ok: true, user: { id: user.id, email } });
    const [identity] = await db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, user.id));
    expect(identity).toMatchObject({ issuer: ISSUER, subject: claims.sub });

    // Later without an e-mail claim at all: the subject is enough.
    const again = await signInThroughProvider(db(), state(), { sub: claims.sub, groups: [] }, null, null);
    expect(again.ok).toBe(true);
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({
      role: "regional",
      properties: ["Quiet Pines Motel"],
      accessSource: "hand",
      mappedRole: null,
    });
    const [session] = await db()
      .select()
      .from(userSessions)
      .where(eq(userSessions.id, first.ok ? first.user.sid : ""));
    expect(session).toMatchObject({ method: "sso", ssoIdToken: "id-token" });
  });

  it("refuses what the provider does not vouch for, and whom it cannot place, each audited with its reason", async () => {
    const email = uniqueEmail("refused");
    await addUser(db(), email);
    expect(await signInThroughProvider(db(), state(), claimsOf(undefined), null, null)).toEqual({
      ok: false,
      refusal: "no_email",
    });
    expect(
      await signInThroughProvider(db(), state(), claimsOf(email, [], { email_verified: false }), null, null),
    ).toEqual({ ok: false, refusal: "email_unverified" });
    expect(await lastAuditOf(email)).toMatchObject({
      action: "sign_in.failure",
      details: { method: "single sign-on", reason: "email_unverified" },
    });
    const stranger = uniqueEmail("stranger");
    expect(await signInThroughProvider(db(), state(), claimsOf(stranger), null, null)).toEqual({
      ok: false,
      refusal: "no_account",
    });

    // A second subject claiming an account already linked to another one.
    expect((await signInThroughProvider(db(), state(), claimsOf(email), null, null)).ok).toBe(true);
    expect(await signInThroughProvider(db(), state(), claimsOf(email), null, null)).toEqual({
      ok: false,
      refusal: "already_linked",
    });
  });

  it("makes an account at first sign-in with the mapped access when allowed; strict mode refuses one without a role", async () => {
    const email = uniqueEmail("made");
    const made = await signInThroughProvider(
      db(),
      state({ createAccounts: true }),
      claimsOf(email, ["west-supervisors"]),
      null,
      null,
    );
    expect(made.ok).toBe(true);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      role: "supervisor",
      properties: ["Harbour View Hotel"],
      accessSource: "mapping",
      mappedRole: "supervisor",
    });

    const roleless = uniqueEmail("roleless");
    expect(
      await signInThroughProvider(db(), state({ createAccounts: true }), claimsOf(roleless, ["nobody"]), null, null),
    ).toEqual({ ok: false, refusal: "no_role" });
    expect(await db().select().from(users).where(eq(users.email, roleless))).toEqual([]);
  });

  it("applies the groups at every sign-in to an account they decide, ending its other sessions when the access changes", async () => {
    const email = uniqueEmail("moved");
    const claims = claimsOf(email, ["west-supervisors"]);
    const policy = state({ createAccounts: true });
    const first = await signInThroughProvider(db(), policy, claims, null, null);
    if (!first.ok) throw new Error("expected a sign-in");
    const other = await startSession(db(), first.user.id);

    expect((await signInThroughProvider(db(), policy, { ...claims, groups: ["managers"] }, null, null)).ok).toBe(true);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "viewer", properties: ["Seaside Suites"] });
    const [ended] = await db().select().from(userSessions).where(eq(userSessions.id, other));
    expect(ended).toMatchObject({ endedReason: "role_change" });
    expect(await lastAuditOf(email)).toMatchObject({ action: "sign_in.success" });
    const changes = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.target, email), eq(auditEvents.action, "sso.access_change")));
    expect(changes).toHaveLength(1);

    // Out of every group: refused; not strict: in, with no property.
    expect(await signInThroughProvider(db(), policy, { ...claims, groups: [] }, null, null)).toEqual({
      ok: false,
      refusal: "no_role",
    });
    expect(
      (await signInThroughProvider(db(), state({ strict: false }), { ...claims, groups: [] }, null, null)).ok,
    ).toBe(true);
    const [none] = await db().select().from(users).where(eq(users.email, email));
    expect(none).toMatchObject({ role: "viewer", allProperties: false, properties: [] });
  });

  it("refuses a disabled account, and a sign-in without the required authentication method", async () => {
    const email = uniqueEmail("disabled");
    await addUser(db(), email, { disabledAt: new Date() });
    expect(await signInThroughProvider(db(), state(), claimsOf(email), null, null)).toEqual({
      ok: false,
      refusal: "disabled",
    });
    const careful = uniqueEmail("careful");
    await addUser(db(), careful);
    const rules = state({ requiredAmr: "mfa" });
    expect(await signInThroughProvider(db(), rules, claimsOf(careful, [], { amr: ["pwd"] }), null, null)).toEqual({
      ok: false,
      refusal: "second_factor",
    });
  });
});
