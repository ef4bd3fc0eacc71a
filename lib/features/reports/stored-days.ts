/**
 * Which days a report screen offers: the days Daybook stored, cut to those the person's properties
 * are stored on, each labelled with what it covers of them; and the person's yesterday.
 */

import "server-only";

import { getTranslations } from "next-intl/server";

import { canSeeProperty, type PropertyScope } from "@/lib/core/access";
import type { Formatter } from "@/lib/core/format";
import { coveredByDay } from "@/lib/features/history/day-coverage";
import { listStoredDays } from "@/lib/features/history/store";
import type { StoredCopy } from "@/lib/features/history/types";
import { getFormat } from "@/lib/features/preferences/server";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { StoredEndpoint } from "@/lib/server/db/schema";

import { apiNow } from "./clock";
import { dayChoiceLabel, liveDayLabel, pendingProperties, type DayChoice, type ReportWords } from "./day-choice";
import { knownPropertyZones, yesterdayOf } from "./held";
import { offeredGuestDays } from "./purged";

/**
 * The days a report screen can show from Daybook's history, newest first. Which days exist says
 * nothing about any property, so everyone who may open the screen sees the same list. A guest
 * screen does not offer a day whose guest data retention removed for every property the person
 * (`scope`) may see; without a scope, for every property.
 */
export async function getStoredDays(endpoint: StoredEndpoint, scope?: PropertyScope): Promise<StoredCopy[]> {
  const db = await getDb();
  const days = await listStoredDays(db, endpoint);
  return endpoint === "usage" ? days : offeredGuestDays(db, endpoint, days, scope);
}

/**
 * The days a report screen offers the person, newest first: those on which at least one of their
 * properties is stored, each labelled with what it covers of them and when the others' day closes.
 * Before Daybook knows any property (a first start), every stored day, labelled as a stored copy.
 * The labels are in the words and formats of the person the page is drawn for.
 */
export async function getDayChoices(
  endpoint: StoredEndpoint,
  scope: PropertyScope,
): Promise<{ yesterday: string | null; days: DayChoice[] }> {
  const [t, format] = await Promise.all([getTranslations("reports"), getFormat()]);
  const [yesterday, days] = await Promise.all([yesterdayOf(scope), storedDayChoices(endpoint, scope, t, format)]);
  return { yesterday: yesterday === null ? null : liveDayLabel(yesterday, t, format), days };
}

async function storedDayChoices(
  endpoint: StoredEndpoint,
  scope: PropertyScope,
  t: ReportWords,
  format: Formatter,
): Promise<DayChoice[]> {
  const db = await getDb();
  const [days, known] = await Promise.all([getStoredDays(endpoint, scope), knownPropertyZones(db)]);
  const mine = known.filter((property) => canSeeProperty(scope, property.name));
  if (mine.length === 0) {
    return days.map((copy) => ({ ...pickCopy(copy), label: dayChoiceLabel(copy.reportedDate, null, [], t, format) }));
  }
  const names = mine.map((property) => property.name);
  const [covered, now] = await Promise.all([coveredByDay(db, endpoint, names), apiNow()]);
  const grace = getConfig().history.graceMinutes * 60_000;
  return days.flatMap((copy) => {
    const day = covered.get(copy.reportedDate);
    if (day === undefined || day === 0 || (Array.isArray(day) && day.length === 0)) return [];
    if (typeof day === "number")
      return [{ ...pickCopy(copy), label: dayChoiceLabel(copy.reportedDate, day, [], t, format) }];
    const missing = names.filter((name) => !day.includes(name));
    const pending = pendingProperties(copy.reportedDate, missing, mine, now, grace);
    return [{ ...pickCopy(copy), label: dayChoiceLabel(copy.reportedDate, day.length, pending, t, format) }];
  });
}

/** The person's yesterday: the newest day every one of their properties has closed; null before a zone is known. */
export function getYesterday(scope: PropertyScope): Promise<string | null> {
  return yesterdayOf(scope);
}

function pickCopy(copy: StoredCopy): Pick<DayChoice, "date" | "pulledAt"> {
  return { date: copy.reportedDate, pulledAt: copy.pulledAt };
}
