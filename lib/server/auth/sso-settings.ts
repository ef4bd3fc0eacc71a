import "server-only";

import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";

import type { GroupMapping } from "@/lib/core/sso";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { ssoGroupMappings, ssoSettings } from "@/lib/server/db/schema";
import type { Database, Executor } from "@/lib/server/db/types";
import { seal, unseal } from "@/lib/server/encryption";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { processSlot } from "@/lib/server/process-state";

import { CLIENT_SECRET_PURPOSE } from "./sso-client-secret";

/** The provider Daybook signs people in through. */
export interface SsoConnection {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  label: string;
}

export interface SsoPolicy {
  createAccounts: boolean;
  trustProviderEmails: boolean;
  strict: boolean;
  groupClaim: string;
  requiredAmr: string | null;
  requiredAcr: string | null;
  passwordSignIn: "everyone" | "break_glass";
}

export interface SsoState {
  /** The connection in use: the environment's (DAYBOOK_OIDC_*), else the one an admin stored. */
  connection: SsoConnection | null;
  source: "environment" | "stored" | null;
  /** Sign-ins are accepted and the button shown: always with the environment's, once switched on otherwise. */
  enabled: boolean;
  /** The stored connection's secret could not be decrypted (an encryption key Daybook was not given). */
  unreadable: boolean;
  /** The connection as it is now passed "Test" (when), or null. */
  testedAt: Date | null;
  policy: SsoPolicy;
  mappings: GroupMapping[];
}

const DEFAULT_POLICY: SsoPolicy = {
  createAccounts: false,
  trustProviderEmails: false,
  strict: true,
  groupClaim: "groups",
  requiredAmr: null,
  requiredAcr: null,
  passwordSignIn: "everyone",
};

/** A digest of what a test proves works: the same connection, tested, may be switched on. */
export function connectionDigest(connection: SsoConnection): string {
  const { issuer, clientId, clientSecret, scopes } = connection;
  return createHash("sha256")
    .update(JSON.stringify([issuer, clientId, clientSecret, scopes]))
    .digest("hex");
}

/**
 * A few seconds per process: the settings are read for every Auth.js request and every sign-in
 * page, and a change made on another instance shows within them. A change made here is seen at once.
 */
const CACHE_MS = 5_000;
// Per process, not per module: the server's bundles (pages, routes, actions) each load this module.
const cache = processSlot<{ at: number; state: Promise<SsoState> }>("sso-state");

export function forgetSsoState(): void {
  cache.clear();
}

export async function getSsoState(): Promise<SsoState> {
  const cached = cache.get();
  if (cached && Date.now() - cached.at <= CACHE_MS) return cached.state;
  const state = readSsoState(await getDb());
  cache.set({ at: Date.now(), state });
  state.catch(() => {
    if (cache.get()?.state === state) cache.clear();
  });
  return state;
}

export async function readSsoState(db: Database): Promise<SsoState> {
  const [[row], mappingRows] = await Promise.all([
    db.select().from(ssoSettings).where(eq(ssoSettings.id, 1)),
    db.select().from(ssoGroupMappings).orderBy(ssoGroupMappings.groupName),
  ]);
  const policy: SsoPolicy = row
    ? {
        createAccounts: row.createAccounts,
        trustProviderEmails: row.trustProviderEmails,
        strict: row.strict,
        groupClaim: row.groupClaim,
        requiredAmr: row.requiredAmr,
        requiredAcr: row.requiredAcr,
        passwordSignIn: row.passwordSignIn,
      }
    : DEFAULT_POLICY;
  const mappings = mappingRows.map((mapping) => ({
    group: mapping.groupName,
    role: mapping.role,
    allProperties: mapping.allProperties,
    properties: mapping.properties,
  }));
  const fromEnvironment = getConfig().sso.connection;
  if (fromEnvironment) {
    const tested = row?.testedDigest === connectionDigest(fromEnvironment);
    return {
      connection: fromEnvironment,
      source: "environment",
      enabled: true,
      unreadable: false,
      testedAt: tested ? (row?.testedAt ?? null) : null,
      policy,
      mappings,
    };
  }
  const stored = row ? storedConnection(row) : null;
  const connection = stored && stored !== "unreadable" ? stored : null;
  const tested = connection !== null && row?.testedDigest === connectionDigest(connection);
  return {
    connection,
    source: connection ? "stored" : null,
    enabled: connection !== null && row!.enabled && tested,
    unreadable: stored === "unreadable",
    testedAt: tested ? row!.testedAt : null,
    policy,
    mappings,
  };
}

function storedConnection(row: typeof ssoSettings.$inferSelect): SsoConnection | "unreadable" | null {
  if (!row.issuer || !row.clientId || !row.clientSecret || !row.scopes || !row.label) return null;
  try {
    const clientSecret = unseal(getKeyring(), CLIENT_SECRET_PURPOSE, {
      keyId: row.secretKeyId,
      ciphertext: row.clientSecret,
    });
    return { issuer: row.issuer, clientId: row.clientId, clientSecret, scopes: row.scopes, label: row.label };
  } catch {
    return "unreadable";
  }
}

/** Stores a connection (switched off until it passes a test); a blank secret keeps the stored one. */
export async function storeConnection(
  db: Database,
  connection: Omit<SsoConnection, "clientSecret"> & { clientSecret: string | null },
  by: string,
): Promise<void> {
  const secret =
    connection.clientSecret === null ? null : seal(getKeyring(), CLIENT_SECRET_PURPOSE, connection.clientSecret);
  const values = {
    issuer: connection.issuer,
    clientId: connection.clientId,
    scopes: connection.scopes,
    label: connection.label,
    enabled: false,
    ...(secret && { clientSecret: secret.ciphertext, secretKeyId: secret.keyId }),
    updatedBy: by,
  };
  await db
    .insert(ssoSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: ssoSettings.id, set: { ...values, updatedAt: sql`now()` } });
  forgetSsoState();
}

/** Records that `connection` passed a test (or clears it with null). */
export async function recordTest(db: Database, connection: SsoConnection | null, by: string): Promise<void> {
  const values = {
    testedDigest: connection ? connectionDigest(connection) : null,
    testedAt: connection ? new Date() : null,
    updatedBy: by,
  };
  await db
    .insert(ssoSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: ssoSettings.id, set: { ...values, updatedAt: sql`now()` } });
  forgetSsoState();
}

export async function setEnabled(db: Database, enabled: boolean, by: string): Promise<void> {
  await db
    .update(ssoSettings)
    .set({ enabled, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(ssoSettings.id, 1));
  forgetSsoState();
}

export async function storePolicy(db: Executor, policy: SsoPolicy, by: string | null): Promise<void> {
  await db
    .insert(ssoSettings)
    .values({ id: 1, ...policy, updatedBy: by })
    .onConflictDoUpdate({ target: ssoSettings.id, set: { ...policy, updatedBy: by, updatedAt: sql`now()` } });
  forgetSsoState();
}

/** Adds a mapping, or replaces the one of the same group. */
export async function storeMapping(db: Database, mapping: GroupMapping, by: string | null): Promise<void> {
  const values = {
    role: mapping.role,
    allProperties: mapping.allProperties,
    properties: mapping.allProperties ? [] : [...new Set(mapping.properties)],
  };
  await db
    .insert(ssoGroupMappings)
    .values({ groupName: mapping.group, ...values, createdBy: by })
    .onConflictDoUpdate({ target: ssoGroupMappings.groupName, set: values });
  forgetSsoState();
}

export async function removeMapping(db: Database, group: string): Promise<boolean> {
  const removed = await db
    .delete(ssoGroupMappings)
    .where(eq(ssoGroupMappings.groupName, group))
    .returning({ id: ssoGroupMappings.id });
  forgetSsoState();
  return removed.length > 0;
}
