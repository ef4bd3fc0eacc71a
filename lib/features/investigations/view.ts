/**
 * What every investigation reads from its address: the window (`?window=` 30, 90 or 365 days), a
 * property (`?property=`, a label as the property filter offers it) and a page (`?page=`), and each
 * screen's own closed choices (an order, a rule); the addresses made of them, and the audit facts of
 * each screen's CSV. Never a name or a document: those are personal data and stay out of URLs. Pure
 * and isomorphic.
 */
import { propertyKey, type InvestigationScreen } from "@/lib/core/access";
import { addDays, firstParam, propertyFromSearchParam, utcDay } from "@/lib/core/days";
import { pageOf } from "@/lib/core/paging";
import type { CsvTable } from "@/lib/features/export/csv";
import type { ExportFile } from "@/lib/features/export/route";

export const WINDOWS = [30, 90, 365] as const;
export type WindowDays = (typeof WINDOWS)[number];
export const DEFAULT_WINDOW: WindowDays = 90;

/** Lists on these screens are paged this many at a time. */
export const INVESTIGATION_PAGE_SIZE = 50;

export type SearchParams = Record<string, string | string[] | undefined>;

export interface InvestigationQuery {
  window: WindowDays;
  property?: string;
  page?: string;
}

export function parseInvestigationQuery(params: SearchParams): InvestigationQuery {
  const asked = Number(firstParam(params.window, 5));
  const query: InvestigationQuery = {
    window: (WINDOWS as readonly number[]).includes(asked) ? (asked as WindowDays) : DEFAULT_WINDOW,
  };
  const property = propertyFromSearchParam(params.property);
  if (property !== undefined) query.property = property;
  const page = firstParam(params.page, 20);
  if (page !== undefined) query.page = page;
  return query;
}

/** One of a screen's closed choices (`?sort=`, `?kind=`, `?part=`); anything else is none of them. */
export function choiceParam<T extends string>(
  value: string | string[] | null | undefined,
  choices: readonly T[],
): T | undefined {
  const asked = firstParam(value, 20);
  return asked !== undefined && (choices as readonly string[]).includes(asked) ? (asked as T) : undefined;
}

/**
 * Each screen's name in the catalogue (investigations.screens): the addresses' hyphens are not
 * written in a message key.
 */
export const SCREEN_KEYS = {
  outcomes: "outcomes",
  "missed-bans": "missedBans",
  "repeat-visitors": "repeatVisitors",
  response: "response",
  "staff-flags": "staffFlags",
} as const satisfies Record<InvestigationScreen, string>;

export function investigationPath(screen: InvestigationScreen): string {
  return `/investigations/${screen}`;
}

/** Where a person is on a screen, as its links keep it; each left out is its default. */
export interface InvestigationPlace {
  window?: WindowDays;
  property?: string | null;
  page?: number;
}

/**
 * An investigation's address; the defaults (90 days, every property, the first page) left out, and
 * so is each of the screen's own `choices` left empty (a screen passes none for its default).
 */
export function investigationHref(
  screen: InvestigationScreen,
  { window = DEFAULT_WINDOW, property, page = 1 }: InvestigationPlace,
  choices: Readonly<Record<string, string | null | undefined>> = {},
): string {
  const params = new URLSearchParams();
  if (window !== DEFAULT_WINDOW) params.set("window", String(window));
  if (property) params.set("property", property);
  for (const [name, value] of Object.entries(choices)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${investigationPath(screen)}${search ? `?${search}` : ""}`;
}

/**
 * The property `?property=` asks for among a list's `choices` (casing and spaces aside, as the API
 * compares names); when it names none of them, every property is shown and the screen says so.
 */
export function chosenProperty(
  choices: readonly string[],
  asked: string | undefined,
): { property: { label: string } | null; unknownProperty: string | null } {
  const wanted = asked === undefined ? undefined : propertyKey(asked);
  const label = wanted === undefined ? undefined : choices.find((choice) => propertyKey(choice) === wanted);
  return {
    property: label === undefined ? null : { label },
    unknownProperty: asked !== undefined && label === undefined ? asked : null,
  };
}

/** `rows` in `order`; the rows come newest first, and every order keeps that among equals. */
export function inOrder<T>(rows: readonly T[], order: (a: T, b: T) => number): T[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => order(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/**
 * A list cut to the property `asked` (`?property=`) in `order`. The properties offered are `labels`
 * (those with figures), none for a person with one property; `at`, whether a row is at or involves
 * a property.
 */
export function cutList<R>(
  rows: readonly R[],
  asked: string | undefined,
  {
    labels,
    severalProperties,
    at,
    order,
  }: {
    labels: string[];
    severalProperties: boolean;
    at: (row: R, label: string) => boolean;
    order: (a: R, b: R) => number;
  },
): { shown: R[]; choices: string[]; property: { label: string } | null; unknownProperty: string | null } {
  const choices = severalProperties ? labels : [];
  const { property, unknownProperty } = chosenProperty(choices, asked);
  const shown = inOrder(property === null ? rows : rows.filter((row) => at(row, property.label)), order);
  return { shown, choices, property, unknownProperty };
}

/** A page of a list as `query` asks, with the window it covers. */
export function listPage<T>(shown: readonly T[], query: InvestigationQuery, bounds: { from: string; to: string }) {
  return {
    ...pageOf(shown, query.page, INVESTIGATION_PAGE_SIZE),
    window: query.window,
    from: bounds.from,
    to: bounds.to,
  };
}

/**
 * A screen's CSV as its route files it: named for the window's last day, and audited with the
 * window, the property and the screen's own choices (`lead` before the window, `rest` after it).
 */
export function investigationFile(
  table: CsvTable,
  file: { window: WindowDays; from: string; to: string; property: string | null },
  { lead = {}, rest = {} }: { lead?: Record<string, string>; rest?: Record<string, string> } = {},
): ExportFile {
  return {
    table,
    fileDay: file.to,
    facts: {
      day: null,
      stored: true,
      propertyFilter: file.property,
      fullIdentification: false,
      view: { ...lead, window: String(file.window), from: file.from, to: file.to, ...rest },
    },
  };
}

/**
 * The local days a window covers: the `days` days ending with the day before `now`'s UTC day. Each
 * property's own day is later than that or equal, so no property's open day is in it; what the
 * window holds is read from the stored history, so a day Daybook has not stored counts as nothing
 * rather than as a day without arrivals.
 */
export function windowBounds(now: Date, days: WindowDays): { from: string; to: string } {
  const to = addDays(utcDay(now), -1);
  return { from: addDays(to, -(days - 1)), to };
}
