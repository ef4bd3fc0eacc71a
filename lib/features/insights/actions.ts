"use server";

import { SCREEN_ROLES } from "@/lib/core/access";
import { authedAction } from "@/lib/server/http/action";

import { bannedSearchSchema } from "./schemas";
import { getBannedAfterStay, type BannedAfterStayPage } from "./server";

/**
 * A page of the banned-after-stay list searched by a guest's name: an action, so the name travels
 * in the request's body and never in the page's address.
 */
export const searchBannedAfterStay = authedAction<typeof bannedSearchSchema, BannedAfterStayPage>(
  SCREEN_ROLES.insights,
  bannedSearchSchema,
  async (query, viewer) => ({ ok: true, data: await getBannedAfterStay(viewer, query) }),
);
