import "server-only";

import type { InvestigationScreen, Viewer } from "@/lib/core/access";
import { recordAudit } from "@/lib/server/audit/record";
import type { Database } from "@/lib/server/db/types";

import type { InvestigationQuery } from "./view";

export interface InvestigationContext {
  db: Database;
  viewer: Pick<Viewer, "id" | "email" | "role" | "allProperties" | "properties">;
  clientAddress: string | null;
  now: Date;
}

/**
 * Every opening of an investigation is audited: who, which screen, the window and the property
 * asked for, and how many entries it showed. Never a guest: the entry names no one.
 */
export async function auditInvestigationView(
  ctx: InvestigationContext,
  screen: InvestigationScreen,
  query: InvestigationQuery,
  shown: Record<string, number | string | boolean | null>,
): Promise<void> {
  await recordAudit(ctx.db, {
    action: "investigation.view",
    actor: { id: ctx.viewer.id, email: ctx.viewer.email },
    target: `investigation ${screen}`,
    propertyName: query.property ?? null,
    details: { screen, window: query.window, ...shown },
    clientAddress: ctx.clientAddress,
  });
}
