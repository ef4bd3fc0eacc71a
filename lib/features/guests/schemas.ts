import "server-only";

import { z } from "zod";

import { daySchema, propertyQuerySchema } from "@/lib/core/day-queries";
import { textInput } from "@/lib/core/text-input";

import { isOptionalColumnId, normaliseVisible, OPTIONAL_COLUMN_IDS, type OptionalColumnId } from "./columns";
import type { RevealInput } from "./match";
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from "./query";
import { DEFAULT_SCREENING_FILTER, SCREENING_FILTER_IDS, type ScreeningFilter } from "./screening";
import { DEFAULT_SORT, SORT_KEYS } from "./sort";
import type { GuestRowsRequest } from "./types";

/**
 * What the guests feature accepts from a browser, validated on the server only: the browser's own
 * code is plain TypeScript and ships no validation library.
 */

/** What the save action accepts: a list of optional column ids, each at most once. */
export const guestColumnsInputSchema = z.object({
  visible: z
    .array(z.string())
    .max(OPTIONAL_COLUMN_IDS.length * 2)
    .refine((ids) => ids.every(isOptionalColumnId), "Unknown column")
    .transform((ids) => normaliseVisible(ids as OptionalColumnId[])),
});

/** What the browser sends to reveal one number: the fields that tell an arrival apart (the API has no guest id). */
export const revealInputSchema = z.object({
  propertyName: textInput().trim().min(1).max(200),
  checkInAtUtc: z.iso.datetime(),
  firstName: textInput().max(500).nullable(),
  lastName: textInput().max(500).nullable(),
  /** A stored day; absent for yesterday live. */
  day: daySchema.optional(),
}) satisfies z.ZodType<RevealInput>;

/** The rows route's body: the report (property filter, stored day), the query and the slice wanted. */
export const guestRowsRequestSchema = propertyQuerySchema.extend({
  q: textInput()
    .max(MAX_SEARCH_LENGTH * 5)
    .default(""),
  screening: z.enum(SCREENING_FILTER_IDS as [ScreeningFilter, ...ScreeningFilter[]]).default(DEFAULT_SCREENING_FILTER),
  sort: z.object({ key: z.enum(SORT_KEYS), direction: z.enum(["asc", "desc"]) }).default({ ...DEFAULT_SORT }),
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE),
  refresh: z.boolean().default(false),
}) satisfies z.ZodType<GuestRowsRequest>;
