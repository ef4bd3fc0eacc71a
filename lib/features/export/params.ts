import { z } from "zod";

import { dayQuerySchema, propertyQuerySchema } from "@/lib/core/day-queries";
import { textInput } from "@/lib/core/text-input";
import { SIDE_BY_SIDE_COLUMNS } from "@/lib/features/comparison/side-by-side";
import { CHECK_IN_ORDERS } from "@/lib/features/criminal-arrivals/view";
import { OPTIONAL_COLUMN_IDS } from "@/lib/features/guests/columns";
import { DEFAULT_SORT, SORT_KEYS } from "@/lib/features/guests/sort";

import { AUDIT_LOG_GROUPS } from "./audit-log";
import { CRIMINAL_ARRIVAL_GROUPS } from "./criminal-arrivals";
import { OVERVIEW_GROUPS } from "./overview";

/**
 * `columns=a,b,c`: the screen columns to include, in the table's own order whatever order they
 * came in. Empty means none of the optional ones; an unknown id is refused rather than ignored, so
 * a file never silently differs from what was asked.
 */
export function columnsParam<T extends string>(known: readonly T[]) {
  return textInput()
    .max(2000)
    .transform((text, context) => {
      const ids = text
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean);
      const unknown = ids.filter((id) => !(known as readonly string[]).includes(id));
      if (unknown.length > 0)
        context.addIssue({ code: "custom", message: `unknown column ${unknown.slice(0, 3).join(", ")}` });
      return known.filter((id) => ids.includes(id));
    });
}

export const guestsExportQuery = propertyQuerySchema.extend({
  q: textInput().max(200).default(""),
  sort: z.enum(SORT_KEYS).default(DEFAULT_SORT.key),
  direction: z.enum(["asc", "desc"]).default(DEFAULT_SORT.direction),
  columns: columnsParam(OPTIONAL_COLUMN_IDS).optional(),
  identification: z.enum(["masked", "full"]).default("masked"),
  /** Why a file of full identification numbers is needed; kept in the audit entry. */
  reason: textInput().max(500).optional(),
});

export const criminalArrivalsExportQuery = propertyQuerySchema.extend({
  only: z.enum(["not-acknowledged"]).optional(),
  order: z.enum(CHECK_IN_ORDERS.map((option) => option.value) as ["earliest", "latest"]).default("earliest"),
  columns: columnsParam(CRIMINAL_ARRIVAL_GROUPS).optional(),
});

export const overviewExportQuery = dayQuerySchema.extend({
  sort: z.enum(OVERVIEW_GROUPS).optional(),
  direction: z.enum(["ascending", "descending"]).default("ascending"),
  columns: columnsParam(OVERVIEW_GROUPS).optional(),
});

/** The Properties screen's side-by-side table: the day and the sort shown. */
export const comparisonExportQuery = dayQuerySchema.extend({
  sort: z.enum(SIDE_BY_SIDE_COLUMNS).optional(),
  direction: z.enum(["ascending", "descending"]).default("ascending"),
});

/** The audit log's own filters are read by lib/server/audit/query.ts; only the column choice is ours. */
export const auditLogExportQuery = z.object({ columns: columnsParam(AUDIT_LOG_GROUPS).optional() });
