/**
 * What the morning digest and the alert e-mail say, as data: counts, words and links, never a
 * guest's name, identification number, date of birth or address. Pure, so every rule is
 * unit-tested. The digest speaks in its recipient's voice (./voice.ts), and repeats the Overview's
 * own words for its figures ("Not recorded", "No comparable baseline"), from the Overview's part of
 * the catalogue, so a figure reads the same on the screen and in the mail; alerts and warnings stay
 * apart, never summed.
 */
import { previousDay } from "@/lib/core/days";
import { blockBaselineNoteIn, describeTileChange, overviewBaseline, tilesOf } from "@/lib/features/overview/baseline";
import { figureFormat, unrecordedNoteIn } from "@/lib/features/overview/figure-words";
import {
  ALL_TILES,
  baselineReasonOf,
  BLOCKS,
  metricOf,
  rowFigures,
  unrecordedColumns,
} from "@/lib/features/overview/figures";
import type { ScopedUsageReport, UsagePropertyRow } from "@/lib/features/reports/types";
import { ENDPOINT_KEYS } from "@/lib/features/sync/messages";
import type { StoredEndpoint } from "@/lib/server/db/schema";

import type { MailVoice } from "./voice";

export interface DigestLine {
  label: string;
  value: string;
  /** The change against the day before in words, as the Overview's tile says it. */
  change: string;
}

export interface DigestBlock {
  heading: string;
  lines: DigestLine[];
}

export interface DigestProperty {
  name: string;
  /** Guest arrivals stored for the day; null when their details are no longer kept. */
  arrivals: string;
  scans: string;
  manualShare: string;
  alertsPer100: string;
  warningsPer100: string;
  criminal: { total: number; notAcknowledged: number } | null;
  links: { overview: string; guests: string; criminalArrivals: string };
}

export interface DigestReview {
  waiting: number;
  overdue: number;
  link: string;
}

export interface Digest {
  day: string;
  /** The day in words: "Sunday, November 22, 2026". */
  dayText: string;
  recipientName: string;
  blocks: DigestBlock[];
  /** Why the blocks' changes read "No comparable baseline", when they do. */
  baselineNote: string | null;
  unrecordedNote: string | null;
  properties: DigestProperty[];
  review: DigestReview | null;
  /** What went wrong with the pull for these properties, in sentences. */
  problems: string[];
  /** When the digest goes out, where it waits for the person's hour; null where it does not (the demo). */
  timing: string | null;
  links: { overview: string; settings: string };
}

/** What went wrong with the pull for the person's properties. */
export type DigestProblem =
  | { kind: "not-stored" }
  | { kind: "not-stored-for"; properties: readonly string[] }
  /** The latest pull's reports that failed, with the API's code and HTTP status (none: no answer). */
  | { kind: "pull-failed"; failed: readonly FailedReport[] };

export interface FailedReport {
  endpoint: StoredEndpoint;
  code: string | null;
  status: number | null;
}

export interface DigestSources {
  day: string;
  recipientName: string;
  publicUrl: string;
  /** The stored day's usage as the person may see it; null when the day's usage was not stored. */
  usage: ScopedUsageReport | null;
  /** The stored day before as the person may see it, for the Overview's own baseline; null: not stored. */
  dayBefore?: ScopedUsageReport | null;
  /** Guest arrivals per property; null when the day's guest details are not kept. */
  arrivals: Map<string, number> | null;
  /** Criminal arrivals per property: how many, how many not acknowledged at the desk; null when not stored. */
  criminal: Map<string, { total: number; notAcknowledged: number }> | null;
  /** The person's property names (those Daybook knows), for properties the usage report lacks. */
  properties: readonly string[];
  /** Names several properties share (lib/features/history/placement.ts). */
  sharedNames?: ReadonlySet<string>;
  review: { waiting: number; overdue: number } | null;
  problems: readonly DigestProblem[];
  /** The person's hour and its zone, where the digest waits for them. */
  hour?: { hour: number; zone: string } | null;
}

/**
 * A link to a screen's stored day, narrowed to one property unless its name is shared: a shared
 * name alone is ambiguous to the screens (as to the API), so the link opens the whole day there.
 */
function propertyLink(publicUrl: string, path: string, day: string, name: string, shared: ReadonlySet<string>) {
  return link(publicUrl, path, { day, property: shared.has(name) ? undefined : name });
}

export function link(publicUrl: string, path: string, params: Record<string, string | undefined> = {}): string {
  const url = new URL(path, `${publicUrl}/`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A property's figures in words: "Not recorded" where the day does not record them, never 0. */
function propertyFigures(row: UsagePropertyRow | undefined, usage: ScopedUsageReport | null, voice: MailVoice) {
  const { t, format } = voice;
  if (!row || !usage) {
    const missing = t("digest.notStored");
    return { scans: missing, manualShare: missing, alertsPer100: missing, warningsPer100: missing };
  }
  const figures = rowFigures(row, unrecordedColumns(usage));
  const gone = (name: "scans" | "manualShare" | "alertsPer100" | "warningsPer100") =>
    figures[name] === null && (name === "scans" || row.scans > 0);
  // A rate or share is null where there were no scans: no rate, not a zero rate.
  const shown = (name: "manualShare" | "alertsPer100" | "warningsPer100", words: (value: string) => string) => {
    const value = figures[name];
    if (gone(name)) return t("digest.notRecorded");
    return value === null ? t("digest.noScans") : words(format.number(value, ONE_DECIMAL));
  };
  return {
    scans: figures.scans === null ? t("digest.notRecorded") : format.number(figures.scans),
    manualShare: shown("manualShare", (value) => t("digest.share", { value })),
    alertsPer100: shown("alertsPer100", (value) => value),
    warningsPer100: shown("warningsPer100", (value) => value),
  };
}

function problemWords(problem: DigestProblem, day: string, voice: MailVoice): string {
  const { t, format } = voice;
  switch (problem.kind) {
    case "not-stored":
      return t("digest.dayNotStored", { day: format.dayWithYear(day) });
    case "not-stored-for":
      return t("digest.dayNotStoredFor", { day: format.dayWithYear(day), names: problem.properties.join(", ") });
    case "pull-failed": {
      // Worded from the run's outcomes, not its stored summary, which is in English.
      const reports = problem.failed.map((failure) =>
        t("digest.failedReport", {
          report: t(`digest.endpoint.${ENDPOINT_KEYS[failure.endpoint]}`),
          code: failure.code ?? "none",
          status: failure.status === null ? "none" : String(failure.status),
        }),
      );
      return reports.length === 0
        ? t("digest.pullFailedPlain")
        : t("digest.pullFailed", {
            reports: new Intl.ListFormat(voice.language, { type: "conjunction" }).format(reports),
          });
    }
  }
}

/**
 * The usage rows by property name. Two properties may share a name, and arrivals and criminal
 * arrivals are counted by name: the rows of a shared name are added up so that the figures shown
 * under it cover the same properties as its arrival counts (one row alone would drop the other's).
 */
function rowsByName(byProperty: readonly UsagePropertyRow[]) {
  const rows = new Map<string, UsagePropertyRow>();
  const sharing = new Map<string, number>();
  for (const row of byProperty) {
    const kept = rows.get(row.propertyName);
    sharing.set(row.propertyName, (sharing.get(row.propertyName) ?? 0) + 1);
    if (!kept) {
      rows.set(row.propertyName, row);
      continue;
    }
    const sum = { ...kept };
    for (const column of Object.keys(row) as (keyof UsagePropertyRow)[]) {
      if (column !== "propertyName") sum[column] = kept[column] + row[column];
    }
    rows.set(row.propertyName, sum);
  }
  return { rows, sharing };
}

/** The digest of `sources`, in the recipient's `voice`. */
export function buildDigest(sources: DigestSources, voice: MailVoice): Digest {
  const { day, publicUrl, usage } = sources;
  const { t, format, overview } = voice;
  const figures = figureFormat(format, (key, values) => overview(`figures.${key}`, values));
  // The changes as the person's Overview of the day gives them: the API's where it applies, else Daybook's.
  const dayBefore = previousDay(day);
  const baseline = usage
    ? overviewBaseline(
        usage,
        ALL_TILES,
        dayBefore,
        sources.dayBefore ? { day: dayBefore, report: sources.dayBefore } : null,
      )
    : null;
  const blocks: DigestBlock[] =
    usage && baseline
      ? BLOCKS.map((block) => ({
          heading: overview(`blocks.heading.${block.block}`),
          lines: block.tiles.map((tile) => ({
            label: overview(`tiles.label.${tile.column}`),
            value: figures.value(metricOf(usage, tile).value),
            change: describeTileChange(overview, format, baseline.changes[tile.column]!, baseline.dayBefore),
          })),
        }))
      : [];
  const baselineNotes =
    usage && baseline
      ? BLOCKS.map((block) =>
          blockBaselineNoteIn(
            overview,
            format,
            baseline,
            tilesOf(block.tiles, block.block),
            usage.narrowed ? null : baselineReasonOf(usage),
          ),
        ).filter((note): note is string => note !== null)
      : [];
  const { rows, sharing } = rowsByName(usage?.byProperty ?? []);
  const shared = new Set([
    ...(sources.sharedNames ?? []),
    ...[...sharing].filter(([, n]) => n > 1).map(([name]) => name),
  ]);
  const names = [...new Set([...rows.keys(), ...sources.properties])].sort((a, b) => a.localeCompare(b));
  const properties = names.map((name) => ({
    name: (sharing.get(name) ?? 1) > 1 ? t("digest.sharedName", { name, count: sharing.get(name)! }) : name,
    arrivals: sources.arrivals ? format.number(sources.arrivals.get(name) ?? 0) : t("digest.notKept"),
    ...propertyFigures(rows.get(name), usage, voice),
    criminal: sources.criminal ? (sources.criminal.get(name) ?? { total: 0, notAcknowledged: 0 }) : null,
    links: {
      overview: link(publicUrl, "/", { day }),
      guests: propertyLink(publicUrl, "/guests", day, name, shared),
      criminalArrivals: propertyLink(publicUrl, "/criminal-arrivals", day, name, shared),
    },
  }));
  return {
    day,
    dayText: format.calendarDay(day),
    recipientName: sources.recipientName,
    blocks,
    baselineNote: baselineNotes.length > 0 ? baselineNotes.join(" ") : null,
    unrecordedNote: usage ? unrecordedNoteIn(overview, unrecordedColumns(usage)) : null,
    properties,
    review: sources.review ? { ...sources.review, link: link(publicUrl, "/review") } : null,
    problems: sources.problems.map((problem) => problemWords(problem, day, voice)),
    timing: sources.hour ? t("digest.hour", { hour: format.hour(sources.hour.hour), zone: sources.hour.zone }) : null,
    links: { overview: link(publicUrl, "/", { day }), settings: link(publicUrl, "/settings") },
  };
}

export interface CriminalAlert {
  day: string;
  recipientName: string;
  properties: { name: string; notAcknowledged: number; total: number; link: string }[];
  links: { settings: string };
}

/** The alert for one day: only properties with criminal arrivals the desk did not acknowledge; null when none. */
export function buildCriminalAlert(sources: {
  day: string;
  recipientName: string;
  publicUrl: string;
  criminal: Map<string, { total: number; notAcknowledged: number }>;
  sharedNames?: ReadonlySet<string>;
}): CriminalAlert | null {
  const properties = [...sources.criminal.entries()]
    .filter(([, counts]) => counts.notAcknowledged > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, counts]) => ({
      name,
      ...counts,
      link: propertyLink(sources.publicUrl, "/criminal-arrivals", sources.day, name, sources.sharedNames ?? new Set()),
    }));
  if (properties.length === 0) return null;
  return {
    day: sources.day,
    recipientName: sources.recipientName,
    properties,
    links: { settings: link(sources.publicUrl, "/settings") },
  };
}
