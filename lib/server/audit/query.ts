import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import { createTranslator } from "use-intl/core";
import { z } from "zod";

import { AUDIT_ACTIONS, type AuditAction } from "@/lib/core/audit";
import { messagesFor, type Messages } from "@/lib/core/catalogue";
import { textInput } from "@/lib/core/text-input";
import type { Database } from "@/lib/server/db/open";
import { auditEvents, type AuditEvent } from "@/lib/server/db/schema";

export const AUDIT_PAGE_SIZE = 50;

const ACTIONS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The audit log's filters and page cursor as they arrive in the URL. Dates are UTC calendar days. */
export const auditFiltersSchema = z.object({
  action: z.enum(ACTIONS).optional(),
  actor: textInput().trim().min(1).max(254).optional(),
  outcome: z.enum(["success", "failure"]).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Keyset cursor: entries with a smaller id than this. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

type AuditSearch = z.output<typeof auditFiltersSchema>;
export type AuditFilters = Omit<AuditSearch, "before">;

/** The words that name the filters the screen did not understand (the catalogue's `admin.auditFilters`). */
export type AuditFilterWords = ReturnType<typeof createTranslator<Messages, "admin.auditFilters">>;

/** Each value's label, by its key under `admin.auditFilters`. */
export const AUDIT_FILTER_LABELS = {
  action: "action",
  actor: "actor",
  outcome: "outcome",
  from: "from",
  to: "to",
  before: "page",
} as const satisfies Record<keyof AuditSearch, keyof Messages["admin"]["auditFilters"]>;

/** Where no words are given (the CSV export's refusal), the labels are in English. */
const ENGLISH: AuditFilterWords = createTranslator({
  locale: "en",
  messages: messagesFor("en"),
  namespace: "admin.auditFilters",
});

export interface ParsedAuditSearch {
  filters: AuditFilters;
  beforeId?: number;
  /** Labels of the values that were not understood and were left out, in `words`' language. */
  ignored: string[];
}

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Each value is checked on its own, so one bad value is dropped (and named, in `words`) while the
 * others still apply.
 */
export function parseAuditSearchParams(params: SearchParams, words: AuditFilterWords = ENGLISH): ParsedAuditSearch {
  const accepted: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const key of Object.keys(auditFiltersSchema.shape) as (keyof AuditSearch)[]) {
    const raw = params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value.trim() === "") continue;
    const result = auditFiltersSchema.shape[key].safeParse(value);
    if (result.success) accepted[key] = result.data;
    else ignored.push(words(AUDIT_FILTER_LABELS[key]));
  }
  const { before, ...filters } = auditFiltersSchema.parse(accepted);
  if (filters.from && filters.to && filters.from > filters.to) {
    ignored.push(words("range"));
    delete filters.from;
    delete filters.to;
  }
  return { filters, beforeId: before, ignored };
}

function startOfUtcDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface AuditPage {
  rows: AuditEvent[];
  /** Pass as `beforeId` for the next (older) page; null when there is none. */
  nextCursor: number | null;
}

/** Newest first, by id: a keyset page stays stable while new entries arrive. */
export async function listAuditEvents(
  db: Database,
  filters: AuditFilters,
  page: { beforeId?: number; limit: number },
): Promise<AuditPage> {
  const limit = Math.min(Math.max(Math.trunc(page.limit), 1), 500);
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.actor) conditions.push(ilike(auditEvents.actorEmail, `%${escapeLike(filters.actor)}%`));
  if (filters.outcome) conditions.push(eq(auditEvents.outcome, filters.outcome));
  if (filters.from) conditions.push(gte(auditEvents.at, startOfUtcDay(filters.from)));
  if (filters.to) {
    const dayAfter = new Date(startOfUtcDay(filters.to).getTime() + 24 * 60 * 60 * 1000);
    conditions.push(lt(auditEvents.at, dayAfter));
  }
  if (page.beforeId !== undefined) conditions.push(lt(auditEvents.id, page.beforeId));

  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  return { rows: shown, nextCursor: rows.length > limit ? shown.at(-1)!.id : null };
}
