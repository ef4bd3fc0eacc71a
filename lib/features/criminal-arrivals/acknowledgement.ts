import { createTranslator } from "use-intl/core";

import type { Messages, translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS, type Formatter } from "@/lib/core/format";
import enCriminalArrivals from "@/lib/core/messages/en/criminalArrivals.json";
import type { CriminalArrival } from "@/lib/features/reports/types";

/**
 * The desk's acknowledgement as the API reports it. A null acknowledgement means an alert was shown
 * to staff and nobody acknowledged it yet: it is not "no alert" and must never read like one.
 * `acknowledgementOf` words it through the catalogue (`criminalArrivals.acknowledgement`), in
 * English by default, for the CSV export; the screen and the sign-off record word
 * `acknowledgementTimes` themselves.
 */
export type AcknowledgementView =
  | {
      kind: "acknowledged";
      /** "Acknowledged at the desk". */
      label: string;
      /** The property's own time: "Nov 21, 2026, 7:38 AM HST", or "Nov 21, 2026, 7:38 AM (property time)" where its zone is not known. */
      localText: string;
      /** The same instant in UTC, e.g. "Nov 21, 2026, 5:38 PM UTC". */
      utcText: string;
      utcInstant: string;
    }
  | {
      kind: "not-acknowledged";
      /** "Not acknowledged at the desk". */
      label: string;
      explanation: string;
    };

/** The words an acknowledgement is said in, as `translatorFor(language, "criminalArrivals")` gives them. */
export type AcknowledgementWords = ReturnType<typeof translatorFor<"criminalArrivals">>;

/**
 * English where no person is asked (the CSV export). Made from its namespace alone, so that the
 * screen's bundle, which imports this module for `acknowledgementTimes`, does not carry the catalogue.
 */
const ENGLISH: AcknowledgementWords = createTranslator({
  locale: "en",
  messages: { criminalArrivals: enCriminalArrivals } as Messages,
  namespace: "criminalArrivals",
});

/** When the desk acknowledged, in a reader's formats; the local time as far as Daybook can name it. */
export interface AcknowledgementTimes {
  utcInstant: string;
  /** "Nov 21, 2026, 5:38 PM UTC". */
  utcText: string;
  local:
    | { kind: "zoned"; text: string }
    /** The API's own wall-clock text, "Nov 21, 2026, 7:38 AM", where Daybook knows no zone for the property. */
    | { kind: "wallClock"; text: string }
    | { kind: "notGiven" };
}

export const NOT_ACKNOWLEDGED_EXPLANATION = ENGLISH("acknowledgement.notAcknowledgedExplanation");

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Daybook's formats where no person is asked (the CSV export, the sign-off record). */
const standard = createFormatter(DEFAULT_HABITS);

// Made once per habits: a day's list formats a wall clock per card.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(format: Formatter): Intl.DateTimeFormat {
  const { region, hourCycle } = format.habits;
  const key = `${region}|${hourCycle}`;
  let shape = wallClocks.get(key);
  if (!shape) {
    shape = new Intl.DateTimeFormat(region, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle,
      timeZone: "UTC",
    });
    wallClocks.set(key, shape);
  }
  return shape;
}

/**
 * "2026-11-21 07:38:28" → "Nov 21, 2026, 7:38 AM". The text is already the property's local time,
 * so it is read as a wall clock and never shifted into another zone. Text that is not in that shape
 * is returned as it came.
 */
export function formatLocalWallClock(localDateTime: string, format: Formatter = standard): string {
  const match = LOCAL_DATE_TIME.exec(localDateTime.trim());
  if (!match) return localDateTime;
  const [, y, mo, d, h, mi, s = "00"] = match;
  const asIfUtc = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  if (Number.isNaN(asIfUtc.getTime())) return localDateTime;
  return wallClockFormat(format).format(asIfUtc);
}

/**
 * When an acknowledged alert was acknowledged (null: it was not). `zone`, where Daybook knows the
 * property's, names the time ("7:38 AM HST"); without it the API's own wall-clock text stands.
 */
export function acknowledgementTimes(
  item: Pick<CriminalArrival, "acknowledgedAtUtc" | "acknowledgedAtLocal">,
  zone: string | null | undefined,
  format: Formatter,
): AcknowledgementTimes | null {
  if (item.acknowledgedAtUtc === null) return null;
  const named = format.propertyTime(item.acknowledgedAtUtc, zone);
  return {
    utcInstant: item.acknowledgedAtUtc,
    utcText: format.instant(item.acknowledgedAtUtc, "UTC"),
    local: named.zoned
      ? { kind: "zoned", text: named.text }
      : item.acknowledgedAtLocal === null
        ? { kind: "notGiven" }
        : { kind: "wallClock", text: formatLocalWallClock(item.acknowledgedAtLocal, format) },
  };
}

/**
 * The acknowledgement in `t`'s words and `format`'s formats; by default in English and Daybook's
 * standard formats, what the CSV export writes.
 */
export function acknowledgementOf(
  item: Pick<CriminalArrival, "acknowledgedAtUtc" | "acknowledgedAtLocal">,
  zone?: string | null,
  { t = ENGLISH, format = standard }: { t?: AcknowledgementWords; format?: Formatter } = {},
): AcknowledgementView {
  const times = acknowledgementTimes(item, zone, format);
  if (times === null) {
    return {
      kind: "not-acknowledged",
      label: t("acknowledgement.notAcknowledged"),
      explanation: t("acknowledgement.notAcknowledgedExplanation"),
    };
  }
  const { local } = times;
  return {
    kind: "acknowledged",
    label: t("acknowledgement.acknowledged"),
    localText:
      local.kind === "zoned"
        ? local.text
        : local.kind === "notGiven"
          ? t("acknowledgement.propertyTimeNotGiven")
          : t("acknowledgement.propertyTime", { time: local.text }),
    utcText: times.utcText,
    utcInstant: times.utcInstant,
  };
}

export function isAcknowledged(item: Pick<CriminalArrival, "acknowledgedAtUtc">): boolean {
  return item.acknowledgedAtUtc !== null;
}
