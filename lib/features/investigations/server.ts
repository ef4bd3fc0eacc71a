import "server-only";

import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";

import {
  INVESTIGATION_ROLES,
  roleAllows,
  SCREEN_ROLES,
  type InvestigationScreen,
  type PropertyScope,
  type Viewer,
} from "@/lib/core/access";
import { addDays, requireDay } from "@/lib/core/days";
import { forbidden } from "@/lib/core/errors";
import { labelsInEnglishToo } from "@/lib/core/property-names";
import { apiNow } from "@/lib/features/reports/clock";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";

import { auditInvestigationView, type InvestigationContext } from "./audit";
import { missedBansFileFor, missedBansPageFor, type MissedBanPage } from "./missed-bans-list";
import type { MissedBanQuery, NamedMissedBanRow } from "./missed-bans-view";
import { matchOutcomesFor, matchOutcomeTablesFor, propertyRatesFor } from "./outcome-reads";
import type { OutcomeQuery, OutcomeTables, OutcomeView, PropertyRow } from "./outcome-view";
import { repeatVisitorsFileFor, repeatVisitorsPageFor, type RepeatPage } from "./repeat-visitors-list";
import { readRepeatVisitDays } from "./repeat-visitors-setting";
import type { NamedRepeatVisitRow, RepeatQuery } from "./repeat-visitors-view";
import { alertResponseFor, type AlertResponse, type UnacknowledgedAlert } from "./response";
import type { ResponseQuery } from "./response-view";
import { staffFlagsFor, type FlagRates, type StaffFlagProperty, type StaffFlags } from "./staff-flags";
import type { StaffFlagQuery } from "./staff-flags-view";
import { windowBounds, type InvestigationQuery, type WindowDays } from "./view";

/**
 * The investigations, for the signed-in person: each getter checks the screen's role first, reads
 * the person's properties only, and audits the view (investigation.view). The `…For` functions of
 * each screen's module take the database, a scope and the clock, so tests call them on both
 * databases with a set time. A screen labels properties in the person's words; a file finds the
 * property the screen's filter named by those same labels, and writes its cells in English.
 */

/** The person's words for a file, and the English of each label they made (labelsInEnglishToo). */
const fileWords = async () => labelsInEnglishToo(await getTranslations("common"));

export type InvestigationViewer = Pick<Viewer, "id" | "email" | "role" | "allProperties" | "properties">;

export async function investigationContext(
  viewer: InvestigationViewer,
  screen: InvestigationScreen,
): Promise<InvestigationContext & { scope: PropertyScope }> {
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES[screen])) throw forbidden();
  const [db, now, requestHeaders] = await Promise.all([getDb(), apiNow(), headers()]);
  return {
    db,
    viewer,
    now,
    clientAddress: clientAddress(requestHeaders),
    scope: { allProperties: viewer.allProperties, properties: viewer.properties },
  };
}

/** Reads a screen for the person and audits that they saw it, with what `audited` says it showed. */
export async function viewInvestigation<T>(
  viewer: InvestigationViewer,
  screen: InvestigationScreen,
  query: InvestigationQuery,
  read: (ctx: InvestigationContext & { scope: PropertyScope }) => Promise<T>,
  audited: (view: T) => Record<string, number | string | boolean | null>,
): Promise<T> {
  const ctx = await investigationContext(viewer, screen);
  const view = await read(ctx);
  await auditInvestigationView(ctx, screen, query, audited(view));
  return view;
}

// Each screen's getters follow, one section per screen.

// ── Match outcomes ──

export type { OutcomeTables, OutcomeView, PropertyRow };

/** The false-match rates of the person's properties over the window; audited. */
export async function getMatchOutcomes(viewer: InvestigationViewer, query: OutcomeQuery): Promise<OutcomeView> {
  return viewInvestigation(
    viewer,
    "outcomes",
    query,
    async (ctx) =>
      matchOutcomesFor(ctx.db, ctx.scope, query, windowBounds(ctx.now, query.window), await getTranslations("common")),
    (view) => ({
      from: view.from,
      to: view.to,
      properties: view.properties.total,
      decided: view.total.decided,
      falseMatches: view.total.falseMatches,
    }),
  );
}

/** Every table of the screen in full, for its CSV (the export route audits the file as export.csv). */
export async function getMatchOutcomesFile(
  viewer: InvestigationViewer,
  query: OutcomeQuery,
): Promise<{ tables: OutcomeTables; property: string | null }> {
  const ctx = await investigationContext(viewer, "outcomes");
  const { words, english } = await fileWords();
  const file = await matchOutcomeTablesFor(ctx.db, ctx.scope, query, windowBounds(ctx.now, query.window), words);
  const byProperty = file.tables.byProperty.map((row) => ({
    ...row,
    key: english(row.key),
    label: english(row.label),
  }));
  return { tables: { ...file.tables, byProperty }, property: file.property === null ? null : english(file.property) };
}

/**
 * Properties' figure: each of the person's properties' false-match rate over `days` days ending with
 * `day` (the page's chosen day), else with the day before today, as the outcomes screen's window.
 */
export async function getPropertyFalseMatchRates(
  viewer: InvestigationViewer,
  days: WindowDays,
  day?: string,
): Promise<{ window: WindowDays; from: string; to: string; rows: PropertyRow[] }> {
  if (!roleAllows(viewer.role, SCREEN_ROLES.properties)) throw forbidden();
  const to = day === undefined ? windowBounds(await apiNow(), days).to : requireDay(day);
  const from = addDays(to, -(days - 1));
  const scope = { allProperties: viewer.allProperties, properties: viewer.properties };
  const words = await getTranslations("common");
  return {
    window: days,
    from,
    to,
    rows: await propertyRatesFor(await getDb(), scope, { window: days, from, to }, words),
  };
}

// ── Missed bans ──

export type { MissedBanPage, NamedMissedBanRow };

/** The missed-ban audit of the person's properties over the window; audited with its counts, never a guest. */
export async function getMissedBans(viewer: InvestigationViewer, query: MissedBanQuery): Promise<MissedBanPage> {
  return viewInvestigation(
    viewer,
    "missed-bans",
    query,
    async (ctx) => missedBansPageFor(ctx.db, ctx.scope, query, ctx.now, await getTranslations("common")),
    (view) => ({
      from: view.from,
      to: view.to,
      sort: view.sort,
      missedBans: view.figures.total.total,
      listed: view.total,
      page: view.page,
      withheld: view.withheld,
    }),
  );
}

/** Every entry of the person's filter, for its CSV (the export route audits the file as export.csv). */
export async function getMissedBansFile(
  viewer: InvestigationViewer,
  query: MissedBanQuery,
): Promise<{ rows: NamedMissedBanRow[]; property: string | null; from: string; to: string }> {
  const ctx = await investigationContext(viewer, "missed-bans");
  const { words, english } = await fileWords();
  const file = await missedBansFileFor(ctx.db, ctx.scope, query, ctx.now, words);
  return {
    ...file,
    rows: file.rows.map((row) => ({
      ...row,
      label: english(row.label),
      seen: row.seen.shown ? { ...row.seen, label: english(row.seen.label) } : row.seen,
    })),
    property: file.property === null ? null : english(file.property),
  };
}

// ── Repeat visitors ──

export type { NamedRepeatVisitRow, RepeatPage };

/** Repeat visitors across the person's properties over the window, with the setting N; audited with its counts. */
export async function getRepeatVisitors(
  viewer: InvestigationViewer,
  query: RepeatQuery,
): Promise<RepeatPage & { followDaysChosen: boolean }> {
  return viewInvestigation(
    viewer,
    "repeat-visitors",
    query,
    async (ctx) => {
      const setting = await readRepeatVisitDays(ctx.db);
      const words = await getTranslations("common");
      const page = await repeatVisitorsPageFor(ctx.db, ctx.scope, query, ctx.now, setting.days, words);
      return { ...page, followDaysChosen: setting.chosen };
    },
    (view) => ({
      from: view.from,
      to: view.to,
      sort: view.sort,
      kind: view.kind,
      followDays: view.followDays,
      afterFlag: view.figures.total.afterFlag,
      spread: view.figures.total.spread,
      listed: view.total,
      page: view.page,
      hidden: view.hidden,
    }),
  );
}

/** Every entry of the person's filters, for its CSV (the export route audits the file as export.csv). */
export async function getRepeatVisitorsFile(
  viewer: InvestigationViewer,
  query: RepeatQuery,
): Promise<{ rows: NamedRepeatVisitRow[]; property: string | null; from: string; to: string; hidden: number }> {
  const ctx = await investigationContext(viewer, "repeat-visitors");
  const setting = await readRepeatVisitDays(ctx.db);
  const { words, english } = await fileWords();
  const file = await repeatVisitorsFileFor(ctx.db, ctx.scope, query, ctx.now, setting.days, words);
  return {
    ...file,
    rows: file.rows.map((row) => ({
      ...row,
      labels: row.labels.map(english),
      visits: row.visits.map((visit) => ({ ...visit, label: english(visit.label) })),
    })),
    property: file.property === null ? null : english(file.property),
  };
}

// ── Alert response ──

export type { AlertResponse, FlagRates, StaffFlagProperty, StaffFlags, UnacknowledgedAlert };

/** Regional staff and admins, who compare properties (Properties is theirs), see their properties ranked. */
const rankedFor = (viewer: InvestigationViewer) => roleAllows(viewer.role, SCREEN_ROLES.properties);

/** Every row at once, for a file. */
const WHOLE = Number.MAX_SAFE_INTEGER;

/** Alert response of the person's properties over the window; audited. */
export async function getAlertResponse(viewer: InvestigationViewer, query: ResponseQuery): Promise<AlertResponse> {
  return viewInvestigation(
    viewer,
    "response",
    query,
    async (ctx) =>
      alertResponseFor(ctx.db, ctx.scope, query, {
        now: ctx.now,
        ranked: rankedFor(viewer),
        words: await getTranslations("common"),
      }),
    (view) => ({
      from: view.from,
      to: view.to,
      properties: view.properties.total,
      alerts: view.overall.alerts,
      notAcknowledged: view.overall.notAcknowledged,
    }),
  );
}

/** The screen with every row of its tables, for its CSV (the export route audits the file as export.csv). */
export async function getAlertResponseFile(viewer: InvestigationViewer, query: ResponseQuery): Promise<AlertResponse> {
  const ctx = await investigationContext(viewer, "response");
  const { words, english } = await fileWords();
  const view = await alertResponseFor(ctx.db, ctx.scope, query, {
    now: ctx.now,
    ranked: rankedFor(viewer),
    pageSize: WHOLE,
    words,
  });
  const relabel = <R extends { label: string }>(row: R): R => ({ ...row, label: english(row.label) });
  return {
    ...view,
    choices: view.choices.map(english),
    property: view.property === null ? null : english(view.property),
    properties: { ...view.properties, rows: view.properties.rows.map(relabel) },
    unacknowledged: { ...view.unacknowledged, rows: view.unacknowledged.rows.map(relabel) },
  };
}

// ── Staff flags ──

/** Staff flags per 100 arrivals of the person's properties over the window, judged against each other; audited. */
export async function getStaffFlags(viewer: InvestigationViewer, query: StaffFlagQuery): Promise<StaffFlags> {
  return viewInvestigation(
    viewer,
    "staff-flags",
    query,
    async (ctx) => staffFlagsFor(ctx.db, ctx.scope, query, { now: ctx.now, words: await getTranslations("common") }),
    (view) => ({
      from: view.from,
      to: view.to,
      properties: view.properties.total,
      arrivals: view.overall.arrivals,
      flagged: view.overall.flagged,
      farOutside: view.far.length,
    }),
  );
}

/** The screen with every property, for its CSV (the export route audits the file as export.csv). */
export async function getStaffFlagsFile(viewer: InvestigationViewer, query: InvestigationQuery): Promise<StaffFlags> {
  const ctx = await investigationContext(viewer, "staff-flags");
  const { words, english } = await fileWords();
  const view = await staffFlagsFor(ctx.db, ctx.scope, query, { now: ctx.now, pageSize: WHOLE, words });
  const relabel = (row: StaffFlagProperty): StaffFlagProperty => ({ ...row, label: english(row.label) });
  return {
    ...view,
    choices: view.choices.map(english),
    property: view.property === null ? null : english(view.property),
    far: view.far.map(relabel),
    properties: { ...view.properties, rows: view.properties.rows.map(relabel) },
  };
}
