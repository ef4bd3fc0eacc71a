import "server-only";

import { and, eq, isNull } from "drizzle-orm";
import { getTranslations } from "next-intl/server";

import { roleAllows, SCREEN_ROLES, type Viewer } from "@/lib/core/access";
import { AppError, forbidden } from "@/lib/core/errors";
import type { GroupMapping } from "@/lib/core/sso";
import { readSsoState, type SsoPolicy } from "@/lib/server/auth/sso-settings";
import { startSsoTest } from "@/lib/server/auth/sso-test";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { users } from "@/lib/server/db/schema";

/** Admin → Sign-in: what the page shows. The client secret never leaves the server: only whether one is set. */
export interface SignInSettings {
  source: "environment" | "stored" | null;
  connection: { issuer: string; clientId: string; scopes: string; label: string } | null;
  enabled: boolean;
  testedAt: Date | null;
  unreadable: boolean;
  policy: SsoPolicy;
  mappings: GroupMapping[];
  admins: { id: string; name: string; email: string; breakGlass: boolean }[];
  /** What the provider must know of Daybook: where it sends people back after signing in and out. */
  redirectUri: string;
  postLogoutRedirectUri: string;
}

export async function getSignInSettings(viewer: Viewer): Promise<SignInSettings> {
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) throw forbidden();
  const db = await getDb();
  const [state, admins] = await Promise.all([
    readSsoState(db),
    db
      .select({ id: users.id, name: users.name, email: users.email, breakGlass: users.breakGlass })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
      .orderBy(users.name),
  ]);
  const publicUrl = getConfig().mail.publicUrl;
  const { connection } = state;
  return {
    source: state.source,
    connection: connection
      ? { issuer: connection.issuer, clientId: connection.clientId, scopes: connection.scopes, label: connection.label }
      : null,
    enabled: state.enabled,
    testedAt: state.testedAt,
    unreadable: state.unreadable,
    policy: state.policy,
    mappings: state.mappings,
    admins,
    redirectUri: `${publicUrl}/api/auth/callback/oidc`,
    postLogoutRedirectUri: `${publicUrl}/sign-in`,
  };
}

/**
 * "Test": the admin's browser goes through the provider once, marked as a test (lib/server/auth/sso-test.ts).
 * Only from Daybook's own page: a link elsewhere must not start one (the browser says where a request came from).
 */
export async function beginSsoTest(viewer: Viewer, fetchSite: string | null): Promise<string> {
  if (viewer.role !== "admin") throw forbidden();
  const t = await getTranslations("admin.ssoActions");
  if (fetchSite !== null && fetchSite !== "same-origin") {
    throw new AppError(403, "cross_site", t("testFromPage"));
  }
  const state = await readSsoState(await getDb());
  if (!state.connection) throw new AppError(409, "not_configured", t("saveConnectionFirst"));
  await startSsoTest(viewer.id);
  return "/sign-in/sso";
}
