/**
 * The morning mail's entry points: a person's settings, Admin → Mail, the test e-mail, the
 * unsubscribe link and start-up (the demo's catcher and the scheduler).
 */
import "server-only";

import { randomUUID } from "node:crypto";
import { z } from "zod";

import type { Viewer } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";
import { AppError } from "@/lib/core/errors";
import { readKnownProperties } from "@/lib/features/history/store";
import { readUserPreference, writeUserPreference } from "@/lib/features/preferences/server";
import { apiNow } from "@/lib/features/reports/clock";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { findUserById } from "@/lib/server/auth/users";
import { getConfig, type Config } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { CaughtMail, MailDelivery } from "@/lib/server/db/schema";
import { log, logFailure } from "@/lib/server/log";
import { startMailCatcher } from "@/lib/server/mail/catcher";
import { describeMailServer, mailConfigured } from "@/lib/server/mail/transport";
import { verifyUnsubscribe, type UnsubscribeKind } from "@/lib/server/mail/unsubscribe-token";
import { repeatInProcess } from "@/lib/server/process-state";

import { link } from "./content";
import { deliverDue } from "./deliver";
import { renderTestMail } from "./render";
import {
  countByStatus,
  findCaughtMail,
  findDelivery,
  keepCaughtMail,
  listCaughtMail,
  recentDeliveries,
  recordDelivery,
} from "./repository";
import { runMail } from "./run";
import { effectiveZone, firstPropertyZone, MAIL_PREFERENCE, readMailSettings, type MailSettings } from "./settings";
import type { MailVoice, MailWords } from "./voice";

export interface MailSettingsView {
  settings: MailSettings;
  /** The zone the hour is read in when the person picks none: their first property's. */
  propertyZone: string | null;
  zone: string;
  mailOn: boolean;
  /** The demo sends at once rather than at the hour. */
  waitsForHour: boolean;
}

export async function getMailSettings(viewer: Viewer): Promise<MailSettingsView> {
  const [stored, known] = await Promise.all([
    readUserPreference(viewer.id, MAIL_PREFERENCE),
    readKnownProperties(await getDb()),
  ]);
  const propertyZone = firstPropertyZone(viewer, known);
  const settings = readMailSettings(stored, viewer.role);
  return {
    settings,
    propertyZone,
    zone: effectiveZone(settings, propertyZone),
    mailOn: mailConfigured(),
    waitsForHour: getConfig().mail.waitForHour,
  };
}

export async function saveMailSettings(viewer: Viewer, next: MailSettings): Promise<MailSettings> {
  const before = readMailSettings(await readUserPreference(viewer.id, MAIL_PREFERENCE), viewer.role);
  await writeUserPreference(viewer.id, MAIL_PREFERENCE, next);
  await recordAudit(await getDb(), {
    action: "mail.settings",
    ...(await auditContext(viewer)),
    target: viewer.email,
    details: { before: summary(before), after: summary(next) },
  });
  return next;
}

function summary(settings: MailSettings) {
  return {
    digest: settings.digest,
    criminalAlerts: settings.alerts.criminalUnacknowledged,
    hour: settings.hour,
    zone: settings.zone ?? "first property's",
  };
}

export interface MailAdminView {
  on: boolean;
  server: string | null;
  from: string;
  publicUrl: string;
  webhook: string | null;
  catcher: boolean;
  counts: Record<string, number>;
  deliveries: MailDelivery[];
  caught: CaughtMail[];
}

export const DELIVERIES_SHOWN = 50;
/** Caught messages shown, newest first: as many as deliveries, so a day's digests stay in sight. */
const CAUGHT_SHOWN = 50;
const CAUGHT_KEPT = 100;

export async function getMailAdmin(): Promise<MailAdminView> {
  const { mail } = getConfig();
  const db = await getDb();
  const catcher = mail.transport?.kind === "catcher";
  const [counts, deliveries, caught] = await Promise.all([
    countByStatus(db),
    recentDeliveries(db, DELIVERIES_SHOWN),
    catcher ? listCaughtMail(db, CAUGHT_SHOWN) : Promise.resolve([]),
  ]);
  return {
    on: mailConfigured(),
    server: describeMailServer(),
    from: mail.from,
    publicUrl: mail.publicUrl,
    webhook: mail.webhookUrl ? new URL(mail.webhookUrl).host : null,
    catcher,
    counts,
    deliveries,
    caught,
  };
}

/** Admin's overview card: whether mail is on, and how many messages stand in each state. */
export async function getMailSummary(): Promise<{ on: boolean; counts: Record<string, number> }> {
  return { on: mailConfigured(), counts: await countByStatus(await getDb()) };
}

/** One caught message (demo), for its HTML part on a page of its own. */
export async function getCaughtMail(id: string): Promise<CaughtMail | null> {
  if (getConfig().mail.transport?.kind !== "catcher") return null;
  // Only a real UUID reaches the uuid column: anything else (36 dashes) is no message, not a store error.
  if (!z.uuid().safeParse(id).success) return null;
  return findCaughtMail(await getDb(), id);
}

/**
 * Sends a test e-mail to the admin asking, at once, in their `voice`; what the server answered is on
 * Admin → Mail.
 */
export async function sendTestMail(viewer: Viewer, voice: MailVoice): Promise<MailDelivery["status"]> {
  if (!mailConfigured()) throw new AppError(409, "mail_off", voice.t("actions.mailOff"));
  const db = await getDb();
  // The mail's clock (the simulator's in the demo), as the scheduler's, so the two agree on what is due.
  const now = await apiNow();
  const id = randomUUID();
  const rendered = renderTestMail(viewer.name, link(getConfig().mail.publicUrl, "/settings"), voice);
  await recordDelivery(
    db,
    {
      id,
      kind: "test",
      dedupeKey: `test:${id}`,
      userId: viewer.id,
      day: null,
      recipient: viewer.email,
      subject: rendered.subject,
      message: { text: rendered.text, html: rendered.html },
    },
    now,
  );
  await recordAudit(db, { action: "mail.test", ...(await auditContext(viewer)), target: viewer.email });
  await deliverDue(now, id);
  return (await findDelivery(db, id))?.status ?? "pending";
}

/**
 * What a link would stop and whether it is stopped already, for the page it opens; null for a link
 * that is not Daybook's, was changed, or names an account that is gone. Reads only: opening the
 * link (as mail scanners do) stops nothing.
 */
export async function readUnsubscribeLinkState(
  token: string,
): Promise<{ kind: UnsubscribeKind; stopped: boolean } | null> {
  const claim = verifyUnsubscribe(token);
  if (!claim) return null;
  const user = await findUserById(await getDb(), claim.userId);
  if (!user) return null;
  const settings = readMailSettings(await readUserPreference(user.id, MAIL_PREFERENCE), user.role);
  const on = claim.kind === "digest" ? settings.digest : settings.alerts.criminalUnacknowledged;
  return { kind: claim.kind, stopped: !on };
}

/**
 * Stops one kind of mail for the person the signed link names. Works signed out (the link is the
 * proof); audited as the person's own act. Idempotent: a second click finds it already off. What
 * it stopped and its refusals are in `t`'s words: the page's language, or English for a mail
 * client's one-click post, which no person reads.
 */
export async function unsubscribeByLink(
  token: string,
  clientAddress: string | null,
  t: MailWords = translatorFor("en", "mail"),
): Promise<{ kind: UnsubscribeKind; words: string }> {
  const claim = verifyUnsubscribe(token);
  if (!claim) throw new AppError(400, "invalid_link", t("unsubscribe.linkChanged"));
  const db = await getDb();
  const user = await findUserById(db, claim.userId);
  if (!user) throw new AppError(404, "invalid_link", t("unsubscribe.linkGone"));
  const before = readMailSettings(await readUserPreference(user.id, MAIL_PREFERENCE), user.role);
  const after: MailSettings =
    claim.kind === "digest"
      ? { ...before, digest: false }
      : { ...before, alerts: { ...before.alerts, criminalUnacknowledged: false } };
  await writeUserPreference(user.id, MAIL_PREFERENCE, after);
  await recordAudit(db, {
    action: "mail.unsubscribe",
    actor: { id: user.id, email: user.email },
    target: user.email,
    clientAddress,
    details: {
      kind: claim.kind,
      wasOn: claim.kind === "digest" ? before.digest : before.alerts.criminalUnacknowledged,
    },
  });
  return { kind: claim.kind, words: t(`unsubscribe.kinds.${claim.kind}`) };
}

export const MAIL_TICK_MS = 60_000;

/**
 * In the demo a digest goes as soon as its day is stored, not at the person's hour: a run every 10 s
 * lets someone who turns their digest on see it on Admin → Mail while they look.
 */
export const DEMO_MAIL_TICK_MS = 10_000;

/** One run now, on the API's clock (the simulator's in the demo). Never throws; says what happened in the log. */
export async function mailTick(): Promise<void> {
  try {
    const result = await runMail(await apiNow());
    if (result.recorded + result.sent + result.failed + result.retrying > 0) {
      log.info(
        `mail: ${result.recorded} recorded, ${result.sent} sent, ${result.retrying} to retry, ${result.failed} failed`,
      );
    }
  } catch (error) {
    logFailure("mail: the scheduled run", error);
  }
}

/**
 * At start-up: the demo's mail catcher, then (unless DAYBOOK_MAIL=off) a run every minute (in the
 * demo, every 10 s). Mail never stops Daybook from starting: a catcher that cannot listen leaves mail
 * off, and says so.
 */
export async function startMail(config: Config): Promise<void> {
  if (config.mail.transport?.kind === "catcher") {
    try {
      const { port } = await startMailCatcher(async (message) =>
        keepCaughtMail(
          await getDb(),
          {
            fromAddress: message.from,
            toAddress: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            headers: message.headers,
          },
          CAUGHT_KEPT,
        ),
      );
      log.info(`Daybook: demo mail catcher on smtp://127.0.0.1:${port}; caught mail is on Admin → Mail`);
    } catch (error) {
      logFailure("Daybook: starting the demo's mail catcher", error);
    }
  }
  if (config.mail.scheduler) {
    const every = config.mail.waitForHour ? MAIL_TICK_MS : DEMO_MAIL_TICK_MS;
    repeatInProcess("mail.scheduler", every, () => mailTick());
  }
}
