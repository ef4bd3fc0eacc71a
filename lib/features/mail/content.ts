/**
 * What the morning digest and the alert e-mail say, as data: counts, words and links, never a
 * guest's name, identification number, date of birth or address. Pure, so every rule is
 * unit-tested: the words for null are the Overview's own ("Not recorded", "No comparable
 * baseline"), and alerts and warnings stay apart, never summed.
 */
import { previousDay } from "@/lib/core/days";
import { blockBaselineNote, overviewBaseline, tilesOf } from "@/lib/features/overview/baseline";
import {
  ALL_TILES,
  BLOCKS,
  formatShare,
  formatValue,
  metricOf,
  missingBaselineReason,
  rowFigures,
  unrecordedColumns,
  unrecordedNote,
} from "@/lib/features/overview/figures";
import type { ScopedUsageReport, UsagePropertyRow } from "@/lib/features/reports/types";

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
  recipientName: string;
  blocks: DigestBlock[];
  /** Why the blocks' changes read "No comparable baseline", when they do. */
  baselineNote: string | null;
  unrecordedNote: string | null;
  properties: DigestProperty[];
  review: DigestReview | null;
  /** What went wrong with the pull for these properties, in sentences. */
  problems: string[];
  links: { overview: string; settings: string };
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
  problems: string[];
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

const count = new Intl.NumberFormat("en-US");

function rate(value: number | null, unrecorded: boolean): string {
  if (unrecorded) return "Not recorded";
  return value === null ? "— (no scans)" : value.toFixed(1);
}

function propertyFigures(row: UsagePropertyRow | undefined, usage: ScopedUsageReport | null) {
  if (!row || !usage) {
    const missing = "Not stored";
    return { scans: missing, manualShare: missing, alertsPer100: missing, warningsPer100: missing };
  }
  const unrecorded = unrecordedColumns(usage);
  const figures = rowFigures(row, unrecorded);
  const gone = (name: "scans" | "manualShare" | "alertsPer100" | "warningsPer100") =>
    figures[name] === null && (name === "scans" || row.scans > 0);
  return {
    scans: figures.scans === null ? "Not recorded" : count.format(figures.scans),
    manualShare: gone("manualShare")
      ? "Not recorded"
      : figures.manualShare === null
        ? "— (no scans)"
        : formatShare(figures.manualShare),
    alertsPer100: rate(figures.alertsPer100, gone("alertsPer100")),
    warningsPer100: rate(figures.warningsPer100, gone("warningsPer100")),
  };
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

export function buildDigest(sources: DigestSources): Digest {
  const { day, publicUrl, usage } = sources;
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
          heading: block.heading,
          lines: block.tiles.map((tile) => ({
            label: tile.label,
            value: formatValue(metricOf(usage, tile).value),
            change: baseline.changes[tile.column]!.words,
          })),
        }))
      : [];
  const baselineNotes =
    usage && baseline
      ? BLOCKS.map((block) =>
          blockBaselineNote(
            baseline,
            tilesOf(block.tiles, block.block),
            usage.narrowed ? null : missingBaselineReason(usage),
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
    name: (sharing.get(name) ?? 1) > 1 ? `${name} (${sharing.get(name)} properties of this name, together)` : name,
    arrivals: sources.arrivals ? count.format(sources.arrivals.get(name) ?? 0) : "Not kept",
    ...propertyFigures(rows.get(name), usage),
    criminal: sources.criminal ? (sources.criminal.get(name) ?? { total: 0, notAcknowledged: 0 }) : null,
    links: {
      overview: link(publicUrl, "/", { day }),
      guests: propertyLink(publicUrl, "/guests", day, name, shared),
      criminalArrivals: propertyLink(publicUrl, "/criminal-arrivals", day, name, shared),
    },
  }));
  return {
    day,
    recipientName: sources.recipientName,
    blocks,
    baselineNote: baselineNotes.length > 0 ? baselineNotes.join(" ") : null,
    unrecordedNote: usage ? unrecordedNote(unrecordedColumns(usage)) : null,
    properties,
    review: sources.review ? { ...sources.review, link: link(publicUrl, "/review") } : null,
    problems: sources.problems,
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
