import "server-only";

import { z } from "zod";

import { ACTION_ROLES, canSeeProperty, propertyKey, roleAllows, type Viewer } from "@/lib/core/access";
import type { AuditAction } from "@/lib/core/audit";
import { translatorFor, type Messages } from "@/lib/core/catalogue";
import { daySchema } from "@/lib/core/day-queries";
import { AppError, forbidden } from "@/lib/core/errors";
import { maskIdentification } from "@/lib/core/format";
import type { LocaleChoice } from "@/lib/core/locale";
import { propertyZoneOf } from "@/lib/core/property-names";
import { textInput } from "@/lib/core/text-input";
import { sharedFieldRefusal, validationWords } from "@/lib/core/validation-words";
import { readStoredCriminalArrivals } from "@/lib/features/history/criminal-range";
import { placeArrivals } from "@/lib/features/history/placement";
import {
  listStoredDays,
  readGuestPartStates,
  readKnownProperties,
  readStoredGuestField,
  readStoredReport,
} from "@/lib/features/history/store";
import { propertyFalseMatchRate, type FalseMatchCell } from "@/lib/features/investigations/outcome-rates";
import type { CriminalArrival } from "@/lib/features/reports/types";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { isSameList, listOf, type ListRef } from "@/lib/features/review/list";
import { reviewsOfDay, type ReviewActor } from "@/lib/features/review/server";
import { auditMalformedInput } from "@/lib/server/audit/malformed";
import { recordAudit } from "@/lib/server/audit/record";
import { getDb } from "@/lib/server/db";
import type { Database, Executor } from "@/lib/server/db/types";
import { logFailure } from "@/lib/server/log";

import { assembleRecord, type SignOffRecordView } from "./assemble";
import { FALSE_MATCH_DAYS } from "./false-match";
import { recordVoice, type RecordVoice } from "./voice";

/**
 * The printable sign-off record of one criminal-arrival list: who may have it, read from the stored
 * day only (the record is of the list as it was stored and reviewed, never a live reading), and one
 * audit entry for every print view and every file, naming the property and the day, never a guest.
 */

/** A refusal of the query, as the key of the `signOffRecord` catalogue that words it (recordQueryFor). */
const refusal = (key: keyof Messages["signOffRecord"]["refusals"]) => `refusals.${key}` as const;

/** `?property=&day=&zone=`: the list a record is of (zone only where properties share the name). */
export const recordQuery = z.object({
  property: textInput().trim().min(1, refusal("property")).max(200),
  day: daySchema,
  zone: z
    .string()
    .regex(/^[A-Za-z0-9_+\-/]{1,64}$/, refusal("zone"))
    .optional()
    .transform((value) => value ?? null),
});

export type RecordQuery = z.output<typeof recordQuery>;

export function listOfQuery(query: RecordQuery): ListRef {
  return { propertyName: query.property, day: query.day, zone: query.zone };
}

/**
 * Supervisors, regional managers and admins: the roles that export a table as CSV, since a record,
 * printed or saved, is a copy of the list leaving Daybook just as a file is. Regional managers see the
 * lists and their sign-off timeliness on the Properties screen; the record is what they file or hand
 * to an auditor. Property managers read the list on screen and do not take copies of it.
 */
export function canHaveRecord(role: Viewer["role"]): boolean {
  return roleAllows(role, ACTION_ROLES.exportCsv);
}

export interface RecordContext {
  db: Database;
  actor: ReviewActor;
  clientAddress: string | null;
  now: Date;
  /** The language and formats the record is drawn in: the person's who asks; Daybook's default without. */
  locale?: LocaleChoice;
}

const AUDIT: Record<"print" | "pdf", AuditAction> = { print: "record.print", pdf: "record.pdf" };

/** One audit entry of a print view or a file (or its refusal): the property and the day, never a guest. */
export async function auditRecord(
  ctx: RecordContext,
  medium: "print" | "pdf",
  list: ListRef,
  details: Record<string, unknown>,
  outcome: "success" | "failure" = "success",
) {
  await recordAudit(ctx.db, {
    action: AUDIT[medium],
    actor: { id: ctx.actor.id, email: ctx.actor.email },
    target: `sign-off record ${list.day}`,
    propertyName: list.propertyName,
    outcome,
    details: { day: list.day, ...(list.zone ? { zone: list.zone } : {}), ...details },
    clientAddress: ctx.clientAddress,
  });
}

// A property outside the person's set answers exactly like a list that does not exist.
const recordNotFound = (list: ListRef, { t, format }: RecordVoice) =>
  new AppError(404, "record_not_found", t("refusals.notFound", { day: format.dayWithYear(list.day) }));

/**
 * The masked identification numbers of the stored guest arrivals that are these criminal arrivals
 * (crossReportKey): criminal arrivals carry none. Only the number is read, and masked at once.
 */
export async function readMaskedIdentifications(
  db: Executor,
  arrivals: readonly Pick<
    CriminalArrival,
    "propertyName" | "checkInDateLocal" | "checkInAtUtc" | "firstName" | "lastName"
  >[],
): Promise<Map<string, string>> {
  const numbers = await readStoredGuestField(db, arrivals, "identificationNumber");
  return new Map([...numbers].map(([key, number]) => [key, maskIdentification(number)]));
}

/**
 * The record of one list for `medium`, audited. Refused: a role that may not (403), a property the
 * person does not see or a list Daybook does not hold (404, audited), and for the file a day whose
 * guest data retention removed (410, audited); the page says so in words instead.
 */
export async function signOffRecordFor(
  ctx: RecordContext,
  list: ListRef,
  medium: "print" | "pdf",
): Promise<SignOffRecordView> {
  const voice = recordVoice(ctx.locale);
  if (!canHaveRecord(ctx.actor.role)) throw forbidden(voice.t("refusals.forbidden"));
  if (!canSeeProperty(ctx.actor, list.propertyName)) {
    await auditRecord(ctx, medium, list, { reason: "not available" }, "failure");
    throw recordNotFound(list, voice);
  }

  const day = (await listStoredDays(ctx.db, "criminal-arrivals")).find((copy) => copy.reportedDate === list.day);
  const state = await reviewsOfDay(ctx.db, ctx.actor, list.day);
  const ofList = <T extends { propertyName: string; zone: string | null; listDate: string }>(record: T) =>
    isSameList({ propertyName: record.propertyName, zone: record.zone, day: record.listDate }, list);
  const signOff = state.signOffs.find(ofList) ?? null;
  const undoneSignOff = state.undoneSignOffs.find(ofList) ?? null;

  if (!day) {
    await auditRecord(ctx, medium, list, { reason: "not stored" }, "failure");
    throw recordNotFound(list, voice);
  }

  const base = {
    list,
    zone: propertyZoneOf(await readKnownProperties(ctx.db), list.propertyName, list.zone),
    signOff,
    undoneSignOff,
    producedBy: ctx.actor.name,
    producedAt: ctx.now,
    medium,
    generatedAt: await generatedAtOf(ctx.db, list.day),
    falseMatch: await falseMatchOf(ctx.db, list),
  } as const;

  // The list's property's own part goes at its policy's retention, before or without the rest of the day.
  const part = (await readGuestPartStates(ctx.db, "criminal-arrivals", list.day)).find(
    (entry) => propertyKey(entry.propertyName) === propertyKey(list.propertyName),
  );
  const purgedAt = day.itemsPurgedAt ?? part?.itemsPurgedAt?.toISOString() ?? null;
  if (purgedAt) {
    const reviews = state.reviews.filter(ofList);
    if (medium === "pdf") {
      await auditRecord(ctx, medium, list, { reason: "guest data removed" }, "failure");
      throw new AppError(410, "record_purged", voice.t("refusals.purged", { day: voice.format.dayWithYear(list.day) }));
    }
    await auditRecord(ctx, medium, list, { guestData: "removed", signedOff: signOff !== null });
    return assembleRecord(
      {
        ...base,
        items: [],
        itemKeys: [],
        identifications: new Map(),
        reviews,
        undoneReviews: [],
        pulledAt: [new Date(day.pulledAt)],
        purgedAt: new Date(purgedAt),
      },
      voice,
    );
  }

  const stored = (await readStoredCriminalArrivals(ctx.db, list.day, list.day)).filter(
    ({ item }) => propertyKey(item.propertyName) === propertyKey(list.propertyName),
  );
  const placed = await placeArrivals(
    ctx.db,
    stored.map(({ item }) => item),
  );
  // A day pulled twice under different "yesterdays" can hold an item twice: once on the record.
  const seen = new Set<string>();
  const items: CriminalArrival[] = [];
  const pulledAt: Date[] = [];
  for (const [index, item] of placed.entries()) {
    if (!isSameList(listOf(item), list)) continue;
    const key = itemKeyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
    pulledAt.push(stored[index]!.pulledAt);
  }
  if (items.length === 0) {
    await auditRecord(ctx, medium, list, { reason: "no such list" }, "failure");
    throw recordNotFound(list, voice);
  }

  const view = assembleRecord(
    {
      ...base,
      items,
      itemKeys: items.map(itemKeyOf),
      identifications: await readMaskedIdentifications(ctx.db, items),
      reviews: state.reviews,
      undoneReviews: state.undoneReviews,
      pulledAt,
      purgedAt: null,
    },
    voice,
  );
  await auditRecord(ctx, medium, list, { guestCount: items.length, signedOff: signOff !== null });
  return view;
}

/**
 * The property's false matches over the days ending on the list's day, from the reviews' outcomes.
 * A figure beside the record: when it cannot be read the record still prints, saying so.
 */
async function falseMatchOf(db: Executor, list: ListRef): Promise<FalseMatchCell | null> {
  try {
    return await propertyFalseMatchRate(
      db,
      { propertyName: list.propertyName, zone: list.zone, day: list.day },
      FALSE_MATCH_DAYS,
    );
  } catch (error) {
    logFailure("sign-off record: reading the false-match rate", error);
    return null;
  }
}

/** When the API computed the day: only its usage report carries the time (reportGeneratedAt). */
async function generatedAtOf(db: Executor, day: string): Promise<string | null> {
  const usage = await readStoredReport(db, "usage", day);
  return usage?.report.reportGeneratedAt ?? null;
}

/**
 * The page's or the file's query: a refusal of text holding control characters is audited like a
 * list the person may not have, naming the fields, never the value. The query's refusals, its own
 * and zod's, are said in the words of `ctx.locale`.
 */
export async function recordQueryFor(
  ctx: Pick<RecordContext, "db" | "actor" | "clientAddress" | "locale">,
  raw: unknown,
  medium: "print" | "pdf",
): Promise<ReturnType<typeof recordQuery.safeParse>> {
  const language = ctx.locale?.language ?? "en";
  const parsed = recordQuery.safeParse(raw, { error: validationWords(language) });
  if (!parsed.success) {
    const entry = { action: AUDIT[medium], actor: { id: ctx.actor.id, email: ctx.actor.email } };
    await auditMalformedInput(
      ctx.db,
      { ...entry, target: "sign-off record", clientAddress: ctx.clientAddress },
      parsed.error,
    );
    const { t } = recordVoice(ctx.locale);
    type Refusal = ReturnType<typeof refusal>;
    const errors = translatorFor(language, "errors");
    const said = (issue: z.core.$ZodIssue) => {
      const shared = sharedFieldRefusal(issue);
      if (shared) return errors(`refusal.${shared}`);
      return t.has(issue.message as Refusal) ? t(issue.message as Refusal) : issue.message;
    };
    const issues = parsed.error.issues.map((issue) => ({ ...issue, message: said(issue) }));
    return { success: false, error: new z.ZodError(issues) as z.ZodError<RecordQuery> };
  }
  return parsed;
}

/**
 * The language and formats of the request, where a page or route asks without giving them. Imported
 * when asked: it reads the session, which a command or a test that draws a record has not.
 */
export async function requestLocale(): Promise<LocaleChoice> {
  const { readRequestLocale } = await import("@/lib/features/preferences/server");
  return readRequestLocale();
}

/** For pages and routes: the signed-in person, the database found here, the request's language and formats. */
export async function getSignOffRecord(
  viewer: Viewer,
  list: ListRef,
  medium: "print" | "pdf",
  clientAddress: string | null,
  locale?: LocaleChoice,
): Promise<SignOffRecordView> {
  return signOffRecordFor(
    { db: await getDb(), actor: viewer, clientAddress, now: new Date(), locale: locale ?? (await requestLocale()) },
    list,
    medium,
  );
}

/** For pages and routes: the record's query, read for the signed-in person, refused in the request's words. */
export async function parseRecordQuery(
  viewer: Viewer,
  raw: unknown,
  medium: "print" | "pdf",
  clientAddress: string | null,
  locale?: LocaleChoice,
): Promise<ReturnType<typeof recordQuery.safeParse>> {
  return recordQueryFor(
    { db: await getDb(), actor: viewer, clientAddress, locale: locale ?? (await requestLocale()) },
    raw,
    medium,
  );
}
