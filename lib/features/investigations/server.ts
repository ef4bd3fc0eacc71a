import "server-only";

import { headers } from "next/headers";

import {
  INVESTIGATION_ROLES,
  roleAllows,
  type InvestigationScreen,
  type PropertyScope,
  type Viewer,
} from "@/lib/core/access";
import { forbidden } from "@/lib/core/errors";
import { apiNow } from "@/lib/features/reports/clock";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";

import { auditInvestigationView, type InvestigationContext } from "./audit";
import type { InvestigationQuery } from "./view";

/**
 * The investigations, for the signed-in person: each getter checks the screen's role first, reads
 * the person's properties only, and audits the view (investigation.view). The `…For` functions of
 * each screen's module take the database, a scope and the clock, so tests call them on both
 * databases with a set time.
 */

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

// ── Missed bans ──

// ── Repeat visitors ──

// ── Alert response ──

// ── Staff flags ──
