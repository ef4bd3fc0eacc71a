/**
 * The morning mail's work, for the scheduler, `npm run digest` and the test e-mail alike: find
 * what is due (a digest, an alert, the install's webhook), record each before sending (the record's
 * unique key is what makes it once), then hand what is due to the mail server. Uses the reports'
 * own scoped entry points, so a person's e-mail holds exactly what their screens show.
 */
import "server-only";

import { randomUUID } from "node:crypto";

import { canSeeProperty, scopeKey, type PropertyScope } from "@/lib/core/access";
import { previousDay } from "@/lib/core/days";
import { AppError } from "@/lib/core/errors";
import { sharedNamesIn } from "@/lib/features/history/placement";
import { readKnownProperties, readStoredReport } from "@/lib/features/history/store";
import { readEveryonesLocale, readEveryonesPreference } from "@/lib/features/preferences/server";
import { scopeUsageReport } from "@/lib/features/reports/scope";
import {
  getCriminalArrivalsReport,
  getGuestsReport,
  getStoredDays,
  getUsageReport,
} from "@/lib/features/reports/server";
import { getReviewQueue } from "@/lib/features/review/server";
import { getLatestRun } from "@/lib/features/sync/server";
import { listUsers, viewerOf } from "@/lib/server/auth/users";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { User } from "@/lib/server/db/schema";
import { signUnsubscribe, type UnsubscribeKind } from "@/lib/server/mail/unsubscribe-token";

import { buildCriminalAlert, buildDigest, link, type DigestProblem, type DigestSources } from "./content";
import { deliverDue, type DeliveryOutcome } from "./deliver";
import { renderCriminalAlert, renderDigest, type RenderedMail } from "./render";
import { forgetDeliveriesBefore, recordDelivery, recordedKeys } from "./repository";
import { decideDigest, yesterdayIn } from "./schedule";
import { effectiveZone, firstPropertyZone, MAIL_PREFERENCE, readMailSettings, type MailSettings } from "./settings";
import { voiceOf } from "./voice";
import { webhookDelivery, webhookKey, type PlannedDelivery } from "./webhook";

export type { PlannedDelivery };

export interface MailPlan {
  deliveries: PlannedDelivery[];
  /** People whose digest is not due yet, and why (for the dry run). */
  waiting: { email: string; reason: string }[];
}

type CriminalCounts = Map<string, { total: number; notAcknowledged: number }>;

interface DayContent {
  usage: DigestSources["usage"];
  arrivals: Map<string, number> | null;
  criminal: CriminalCounts | null;
}

function scopeOf(user: User): PropertyScope {
  return { allProperties: user.allProperties, properties: user.properties };
}

/** A report of a stored day, or null when the day (or its guest details) is not there. */
async function storedOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 410)) return null;
    throw error;
  }
}

function countBy<T>(items: readonly T[], name: (item: T) => string, counted: (item: T) => boolean = () => true) {
  const counts = new Map<string, number>();
  for (const item of items) if (counted(item)) counts.set(name(item), (counts.get(name(item)) ?? 0) + 1);
  return counts;
}

/** Read once per key in a run, however many people share it (people who see the same properties). */
function once<T>(read: (scope: PropertyScope, day: string) => Promise<T>) {
  const kept = new Map<string, Promise<T>>();
  return (scope: PropertyScope, day: string): Promise<T> => {
    const key = `${scopeKey(scope)}|${day}`;
    let value = kept.get(key);
    if (!value) kept.set(key, (value = read(scope, day)));
    return value;
  };
}

/** A day's usage as the scope sees it (small: it also says which properties the day covers). */
function usageReads() {
  return once((scope, day) => storedOrNull(() => getUsageReport(scope, day)));
}

/** What a day holds for a scope beyond its usage: arrivals, criminal arrivals and the desk's acknowledgements. */
function dayContents(usageOf: ReturnType<typeof usageReads>) {
  return once(async (scope, day): Promise<DayContent> => {
    const [usage, guests, criminal] = await Promise.all([
      usageOf(scope, day),
      storedOrNull(() => getGuestsReport(scope, undefined, day)),
      storedOrNull(() => getCriminalArrivalsReport(scope, undefined, day)),
    ]);
    let criminalCounts: CriminalCounts | null = null;
    if (criminal) {
      const totals = countBy(criminal.items, (item) => item.propertyName);
      const open = countBy(
        criminal.items,
        (item) => item.propertyName,
        (item) => item.acknowledgedAtUtc === null,
      );
      criminalCounts = new Map(
        [...totals].map(([name, total]) => [name, { total, notAcknowledged: open.get(name) ?? 0 }]),
      );
    }
    return {
      usage,
      arrivals: guests ? countBy(guests.items, (item) => item.propertyName) : null,
      criminal: criminalCounts,
    };
  });
}

/** The person's properties the stored day does not cover yet (all of them when the day is not stored). */
function notCovered(usage: Awaited<ReturnType<typeof getUsageReport>> | null, visible: readonly string[]): string[] {
  if (!usage) return [...visible];
  const missing = new Set(usage.storedCopy?.coverage?.missing ?? []);
  return visible.filter((name) => missing.has(name));
}

const keyOf = (kind: UnsubscribeKind, userId: string, day: string) => `${kind}:${userId}:${day}`;

/** A person's digest or alert as recorded: its own unsubscribe link in the body and the one-click headers. */
function personal(
  user: User,
  kind: UnsubscribeKind,
  day: string,
  render: (unsubscribeUrl: string) => RenderedMail,
): PlannedDelivery {
  const token = signUnsubscribe({ userId: user.id, kind });
  const { publicUrl } = getConfig().mail;
  const page = link(publicUrl, "/unsubscribe", { token });
  const rendered = render(page);
  return {
    id: randomUUID(),
    kind,
    dedupeKey: keyOf(kind, user.id, day),
    userId: user.id,
    day,
    recipient: user.email,
    subject: rendered.subject,
    message: {
      text: rendered.text,
      html: rendered.html,
      unsubscribeUrl: page,
      // RFC 8058: a mail client's own "unsubscribe" button posts List-Unsubscribe=One-Click here.
      json: {
        headers: {
          "List-Unsubscribe": `<${link(publicUrl, "/api/mail/unsubscribe", { token })}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
    },
  };
}

/**
 * Who gets what now. A person's day is their first property's yesterday, and their digest waits for
 * their hour in their zone (their choice, or that property's); a day already recorded for them is
 * skipped, so planning twice plans nothing new.
 */
export async function planMail(now: Date, options: { ignoreHour?: boolean } = {}): Promise<MailPlan> {
  const config = getConfig();
  const db = await getDb();
  const [users, known, preferences, locales, storedUsage, storedCriminal, latestRun] = await Promise.all([
    listUsers(db),
    readKnownProperties(db),
    readEveryonesPreference(MAIL_PREFERENCE),
    readEveryonesLocale(),
    getStoredDays("usage"),
    getStoredDays("criminal-arrivals"),
    getLatestRun(),
  ]);
  const usageDays = storedUsage.map((copy) => copy.reportedDate);
  const sharedNames = new Set(sharedNamesIn(known).map((shared) => shared.name));
  const criminalDays = new Set(storedCriminal.map((copy) => copy.reportedDate));
  const usageOf = usageReads();
  const contents = dayContents(usageOf);
  // The lists waiting for a sign-off depend on the properties a supervisor sees, not on who: once per scope.
  const waiting = new Map<string, Promise<{ waiting: number; overdue: number }>>();
  const waitingListsOf = (user: User) => {
    const key = scopeKey(scopeOf(user));
    let counts = waiting.get(key);
    if (!counts) {
      counts = getReviewQueue(viewerOf(user, "mail"), now).then((queue) => ({
        waiting: queue.length,
        overdue: queue.filter((row) => row.overdue).length,
      }));
      waiting.set(key, counts);
    }
    return counts;
  };
  const plan: MailPlan = { deliveries: [], waiting: [] };

  const candidates: { user: User; settings: MailSettings; zone: string; day: string; visible: string[] }[] = [];
  for (const user of users) {
    if (user.disabledAt) continue;
    const settings = readMailSettings(preferences.get(user.id) ?? null, user.role);
    if (!settings.digest && !settings.alerts.criminalUnacknowledged) continue;
    const scope = scopeOf(user);
    const visible = known
      .map((property) => property.name)
      .filter((name) => canSeeProperty(scope, name))
      .sort((a, b) => a.localeCompare(b));
    if (visible.length === 0) continue;
    const propertyZone = firstPropertyZone(user, known);
    // The hour is read in the person's zone; the day is their (first) property's own yesterday.
    const zone = effectiveZone(settings, propertyZone);
    let day = yesterdayIn(now, propertyZone ?? zone);
    if (!config.mail.waitForHour) {
      // The demo's morning is whenever it starts: the newest stored day that covers the person's
      // properties stands in for a yesterday not pulled yet.
      for (const stored of usageDays.filter((candidate) => candidate <= day).slice(0, 3)) {
        if (notCovered(await usageOf(scope, stored), visible).length === 0) {
          day = stored;
          break;
        }
      }
    }
    candidates.push({ user, settings, zone, day, visible });
  }

  const done = await recordedKeys(
    db,
    candidates.flatMap(({ user, day }) => [keyOf("digest", user.id, day), keyOf("alert", user.id, day)]),
  );

  for (const { user, settings, zone, day, visible } of candidates) {
    const scope = scopeOf(user);
    // Each message in its recipient's language and formats: their stored choice, or Daybook's default.
    const voice = voiceOf(locales.get(user.id));
    if (settings.digest && !done.has(keyOf("digest", user.id, day))) {
      const usage = await usageOf(scope, day);
      const missing = notCovered(usage, visible);
      const decision = decideDigest({
        now,
        zone,
        hour: settings.hour,
        waitForHour: config.mail.waitForHour && !options.ignoreHour,
        waitForPullHours: config.mail.waitForPullHours,
        stored: missing.length === 0,
      });
      if (!decision.send) {
        plan.waiting.push({
          email: user.email,
          reason:
            decision.reason === "before-hour"
              ? `waits for ${String(settings.hour).padStart(2, "0")}:00 in ${zone}`
              : `waits for the pull of ${day}`,
        });
      } else {
        const content = await contents(scope, day);
        const problems: DigestProblem[] = [];
        if (!usage) problems.push({ kind: "not-stored" });
        else if (missing.length > 0) problems.push({ kind: "not-stored-for", properties: missing });
        if (latestRun && (latestRun.outcome === "failed" || latestRun.outcome === "partial") && latestRun.message) {
          const failed = latestRun.endpoints
            .filter((outcome) => outcome.result === "failed")
            .map((outcome) => ({ endpoint: outcome.endpoint, code: outcome.errorCode, status: outcome.status }));
          problems.push({ kind: "pull-failed", failed });
        }
        const review = user.role === "supervisor" ? await waitingListsOf(user) : null;
        // The stored day before, for the same comparison the person's Overview of the day makes.
        const stored = usage ? await readStoredReport(db, "usage", previousDay(day)) : null;
        const dayBefore = stored ? scopeUsageReport(stored.report, scope) : null;
        const digest = buildDigest(
          {
            day,
            dayBefore,
            recipientName: user.name,
            publicUrl: config.mail.publicUrl,
            ...content,
            properties: visible,
            sharedNames,
            review,
            problems,
            // Where the digest waits for the person's hour, it says so (the demo sends at once).
            hour: config.mail.waitForHour ? { hour: settings.hour, zone } : null,
          },
          voice,
        );
        plan.deliveries.push(personal(user, "digest", day, (url) => renderDigest(digest, url, voice)));
      }
    }
    if (settings.alerts.criminalUnacknowledged && !done.has(keyOf("alert", user.id, day)) && criminalDays.has(day)) {
      const content = await contents(scope, day);
      const alert = content.criminal
        ? buildCriminalAlert({
            day,
            recipientName: user.name,
            publicUrl: config.mail.publicUrl,
            criminal: content.criminal,
            sharedNames,
          })
        : null;
      if (alert) {
        plan.deliveries.push(personal(user, "alert", day, (url) => renderCriminalAlert(alert, url, voice)));
      }
    }
  }

  if (config.mail.webhookUrl && storedCriminal[0]) {
    const day = storedCriminal[0].reportedDate;
    const key = webhookKey(day);
    if (!(await recordedKeys(db, [key])).has(key)) {
      const content = await contents({ allProperties: true, properties: [] }, day);
      const alert = content.criminal
        ? buildCriminalAlert({
            day,
            recipientName: "",
            publicUrl: config.mail.publicUrl,
            criminal: content.criminal,
            sharedNames,
          })
        : null;
      if (alert) plan.deliveries.push(webhookDelivery(alert, config.mail.webhookUrl));
    }
  }
  return plan;
}

/** Records the planned messages; returns how many were new (a message recorded by another run is not). */
export async function recordPlan(plan: MailPlan, now: Date): Promise<number> {
  const db = await getDb();
  let recorded = 0;
  for (const delivery of plan.deliveries) if (await recordDelivery(db, delivery, now)) recorded += 1;
  return recorded;
}

export interface MailRun extends DeliveryOutcome {
  recorded: number;
}

const DAY_MS = 24 * 3_600_000;

/** One run: plan, record, deliver; and forget the records the audit log would no longer keep. */
export async function runMail(now: Date): Promise<MailRun> {
  await forgetDeliveriesBefore(
    await getDb(),
    new Date(now.getTime() - getConfig().privacy.auditRetentionDays * DAY_MS),
  );
  const plan = await planMail(now);
  const recorded = await recordPlan(plan, now);
  return { recorded, ...(await deliverDue(now)) };
}
