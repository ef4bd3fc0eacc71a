import { z } from "zod";

import { textInput } from "@/lib/core/text-input";

import { MAX_BANNED_SEARCH } from "./banned-view";

/**
 * The banned-after-stay list's choices as the search form and the CSV's form post send them. The
 * days and the property are read as the address reads them (an unknown property or a non-day is
 * shown as such, not refused); the name search only ever comes this way.
 */
export const bannedSearchSchema = z.object({
  property: textInput().max(200).optional(),
  from: textInput().max(20).optional(),
  to: textInput().max(20).optional(),
  page: textInput().max(20).optional(),
  q: textInput().max(MAX_BANNED_SEARCH, `A search can have at most ${MAX_BANNED_SEARCH} characters.`).default(""),
});
