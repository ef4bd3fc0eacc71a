import "server-only";

import type { Viewer } from "@/lib/core/access";
import type { Admitted } from "@/lib/core/admission";
import type { LocaleChoice } from "@/lib/core/locale";
import type { ListRef } from "@/lib/features/review/list";
import { getDb } from "@/lib/server/db";
import { createPersonAdmission, type PersonAdmission, type PersonAdmissionPolicy } from "@/lib/server/person-admission";
import { processWide } from "@/lib/server/process-state";

import { renderRecordPdf } from "./pdf";
import { auditRecord, requestLocale, signOffRecordFor, type RecordContext } from "./server";
import { recordVoice } from "./voice";

/**
 * A sign-off record's PDF file, drawn within bounds. Drawing holds the event loop (pdfkit is
 * synchronous JavaScript) and a document's memory until it is done: unbounded, two hundred files asked
 * for at once held all two hundred in memory together and kept the probes waiting for seconds.
 *
 * The bounds are constants, not settings: every file is drawn on the one thread of the process,
 * so more at once never finishes sooner on a larger machine, only holds more memory.
 * - 2 at once: one file's stored list is read while another's is drawn.
 * - 16 more may wait (a few seconds of drawing); beyond them a request is refused at once.
 * - 2 of one person's, running or waiting: a second list while the first is drawn; a third
 *   is refused, so one person's burst (a script, a held-down key) never fills the queue for everyone.
 */
export const RECORD_FILE_LIMITS: PersonAdmissionPolicy = { concurrency: 2, queue: 16, perPerson: 2 };

const recordFiles = (): PersonAdmission =>
  processWide("sign-off-record-files", () => createPersonAdmission(RECORD_FILE_LIMITS));

/**
 * A sign-in's requests for files, counted from the moment each arrives (see the route): no bound of
 * their own on the process, only `perPerson` of one sign-in's inside at once, whatever they wait for.
 */
const recordRequests = (): PersonAdmission =>
  processWide("sign-off-record-requests", () =>
    createPersonAdmission({ concurrency: Number.POSITIVE_INFINITY, queue: 0, perPerson: RECORD_FILE_LIMITS.perPerson }),
  );

/** Runs one request of `signIn` (a session's id) unless that sign-in already has `perPerson` inside. */
export function enterRecordRequest<T>(signIn: string, request: () => Promise<T>): Promise<Admitted<T>> {
  return recordRequests().run(signIn, request);
}

const contextOf = async (
  viewer: RecordContext["actor"],
  clientAddress: string | null,
  db: RecordContext["db"] | null = null,
  locale?: LocaleChoice,
): Promise<RecordContext> => ({
  db: db ?? (await getDb()),
  actor: viewer,
  clientAddress,
  now: new Date(),
  locale,
});

interface Refusals {
  list: ListRef;
  clientAddress: string | null;
  count: number;
  otherLists: number;
  retryAfterSeconds: number;
}

/**
 * Requests refused before any work, per sign-in and list, until they are audited. A refusal takes no
 * database work of its own: two hundred refusals, each checking the session and writing an entry,
 * kept the database busy for seconds, and the probes waited behind it. A sign-in is refused only
 * while requests of its own are inside, so the last of those to end writes one entry per list
 * (`refused`: how many), as the person it was checked to be.
 */
const pendingRefusals = () => processWide("sign-off-record-refusals", () => new Map<string, Map<string, Refusals>>());

/** Lists noted apart per sign-in; refusals of further lists are counted with the first (`otherLists`). */
const LISTS_NOTED = 16;

export function noteRefusal(signIn: string, list: ListRef, clientAddress: string | null, retryAfterSeconds: number) {
  const ofSignIn = pendingRefusals().get(signIn) ?? new Map<string, Refusals>();
  pendingRefusals().set(signIn, ofSignIn);
  const key = JSON.stringify([list.propertyName, list.day, list.zone]);
  const noted = ofSignIn.get(key);
  if (!noted && ofSignIn.size >= LISTS_NOTED) {
    const first = ofSignIn.values().next().value!;
    first.otherLists += 1;
    return;
  }
  const entry = noted ?? { list, clientAddress, count: 0, otherLists: 0, retryAfterSeconds };
  entry.count += 1;
  entry.retryAfterSeconds = Math.max(entry.retryAfterSeconds, retryAfterSeconds);
  ofSignIn.set(key, entry);
}

/**
 * Audits a sign-in's refusals once none of its requests is inside; `viewer` is who the last of them
 * was checked to be (none: its session was no longer valid, and neither were the refused requests').
 */
export async function auditRefusals(
  signIn: string,
  viewer: RecordContext["actor"] | null,
  db: RecordContext["db"] | null = null,
): Promise<void> {
  const ofSignIn = pendingRefusals().get(signIn);
  if (!ofSignIn || recordRequests().insideOf(signIn) > 0) return;
  pendingRefusals().delete(signIn);
  if (!viewer) return;
  for (const refused of ofSignIn.values()) {
    const ctx = await contextOf(viewer, refused.clientAddress, db);
    await auditRecord(
      ctx,
      "pdf",
      refused.list,
      {
        reason: "busy",
        refused: refused.count,
        ...(refused.otherLists > 0 ? { otherLists: refused.otherLists } : {}),
        retryAfterSeconds: refused.retryAfterSeconds,
      },
      "failure",
    );
  }
}

export type RecordFile = { ok: true; pdf: Buffer } | { ok: false; retryAfterSeconds: number; message: string };

/** Why a file is refused for now, in the words of `locale` (Daybook's default without). */
export function busyText(retryAfterSeconds: number, locale?: LocaleChoice): string {
  return recordVoice(locale).t("refusals.busy", { seconds: retryAfterSeconds });
}

/**
 * The record of `list` as a PDF, read and drawn once admitted; refused (and audited, as every other
 * refusal of a record is) when the person or the process already has as many as the bounds allow.
 * The file is kept whole before it is sent (a few kilobytes a guest): its pages are numbered "page n
 * of m", so none can be written before the last is drawn, and a place is never held while a slow
 * client reads.
 */
export async function recordFileFor(
  ctx: RecordContext,
  list: ListRef,
  admission: PersonAdmission = recordFiles(),
): Promise<RecordFile> {
  const admitted = await admission.run(ctx.actor.id, async () =>
    renderRecordPdf(await signOffRecordFor(ctx, list, "pdf"), recordVoice(ctx.locale)),
  );
  if (admitted.ok) return { ok: true, pdf: admitted.value };
  return refusedFile(ctx, list, admitted.retryAfterSeconds);
}

/** A refusal, audited as every other refusal of a record is. */
async function refusedFile(ctx: RecordContext, list: ListRef, retryAfterSeconds: number) {
  await auditRecord(ctx, "pdf", list, { reason: "busy", retryAfterSeconds }, "failure");
  return { ok: false as const, retryAfterSeconds, message: busyText(retryAfterSeconds, ctx.locale) };
}

/**
 * For the route: the signed-in person, the database found here, and the file drawn in the language
 * and formats of the person who downloads it (the request's, unless given).
 */
export async function getRecordFile(
  viewer: Viewer,
  list: ListRef,
  clientAddress: string | null,
  locale?: LocaleChoice,
): Promise<RecordFile> {
  return recordFileFor(await contextOf(viewer, clientAddress, null, locale ?? (await requestLocale())), list);
}
