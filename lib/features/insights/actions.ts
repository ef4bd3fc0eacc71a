"use server";

import { getTranslations } from "next-intl/server";

import { SCREEN_ROLES } from "@/lib/core/access";
import { textInput } from "@/lib/core/text-input";
import { authedAction } from "@/lib/server/http/action";

import { MAX_BANNED_SEARCH } from "./banned-view";
import { bannedSearchSchema } from "./schemas";
import { getBannedAfterStay, type BannedAfterStayPage } from "./server";

/**
 * The name's length is checked in the action rather than by the schema, so that a refusal is said in
 * the person's language (a schema's messages are fixed before anyone asks).
 */
const searchSchema = bannedSearchSchema.extend({ q: textInput().default("") });

/**
 * A page of the banned-after-stay list searched by a guest's name: an action, so the name travels
 * in the request's body and never in the page's address.
 */
export const searchBannedAfterStay = authedAction<typeof searchSchema, BannedAfterStayPage>(
  SCREEN_ROLES.insights,
  searchSchema,
  async (query, viewer) => {
    if (query.q.length > MAX_BANNED_SEARCH) {
      const t = await getTranslations("insights.bannedAfterStay.search");
      return {
        ok: false,
        code: "invalid",
        message: t("invalid"),
        fieldErrors: { q: t("tooLong", { max: MAX_BANNED_SEARCH }) },
      };
    }
    return { ok: true, data: await getBannedAfterStay(viewer, query) };
  },
);
