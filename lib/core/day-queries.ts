/**
 * The zod schemas that read days and property filters from requests and inputs: apart from
 * days.ts so that the browser code reading days does not carry zod.
 */

import { z } from "zod";

import { dayFromSearchParam, INVALID_DAY_MESSAGE, isCalendarDay, propertyFromSearchParam } from "./days";
import { textInput } from "./text-input";

/** A calendar day in an action's or a stored record's input. */
export const daySchema = z.string().refine(isCalendarDay, INVALID_DAY_MESSAGE);

/**
 * The day of every report route, read as the pages read it and refused in the same words and code
 * as `requireDay` refuses a page's (the failure mapping takes the code from the issue).
 */
export const dayQuerySchema = z.object({
  day: z
    .string()
    .optional()
    .transform((value) => dayFromSearchParam(value))
    .refine((value) => value === undefined || isCalendarDay(value), {
      message: INVALID_DAY_MESSAGE,
      params: { code: "invalid_day" },
    }),
});

/** The day and property filter of the guests and criminal-arrivals routes. */
export const propertyQuerySchema = dayQuerySchema.extend({
  propertyName: textInput()
    .optional()
    .transform((value) => propertyFromSearchParam(value)),
});

/** A report route's query: its own filters, and Refresh (read the live fields now, not as held). */
const refreshed = {
  refresh: z
    .literal("1")
    .optional()
    .transform((value) => value === "1"),
};
export const dayReportQuerySchema = dayQuerySchema.extend(refreshed);
export const propertyReportQuerySchema = propertyQuerySchema.extend(refreshed);
