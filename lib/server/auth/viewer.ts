import "server-only";

import { redirect } from "next/navigation";
import { cache } from "react";

import type { Role, Viewer } from "@/lib/core/access";
import { forbidden, unauthorized } from "@/lib/core/errors";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

import { auth } from "./index";
import { resolveSession } from "./sessions";
import { viewerOf } from "./users";

/** Once per request: the cookie's session, checked against the database (ended, idle, expired, disabled). */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await auth();
  if (!session?.sid) return null;
  const resolved = await resolveSession(await getDb(), session.sid, getConfig().session);
  if (!resolved.ok) return null;
  return viewerOf(resolved.user, resolved.session.id);
});

/** For route handlers and server actions: throws, and the caller's error mapping answers 401 or 403. */
export async function requireViewer(...roles: Role[]): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw unauthorized();
  if (roles.length > 0 && !roles.includes(viewer.role)) throw forbidden();
  return viewer;
}

/** For pages: no session sends the browser to sign in, and back here afterwards. */
export async function requirePageViewer(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return viewer;
}
