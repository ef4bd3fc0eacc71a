import type { AuditAction } from "@/lib/core/audit";
import type { Database } from "@/lib/server/db/open";
import { auditEvents } from "@/lib/server/db/schema";

export interface AuditEntry {
  action: AuditAction;
  actor: { id: string; email: string } | null;
  target?: string | null;
  propertyName?: string | null;
  outcome?: "success" | "failure";
  /** Small facts only (a role, a reason, a correlation id); never guest data, never a secret. */
  details?: Record<string, unknown>;
  clientAddress?: string | null;
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    target: entry.target ?? null,
    propertyName: entry.propertyName ?? null,
    outcome: entry.outcome ?? "success",
    details: entry.details ?? null,
    clientAddress: entry.clientAddress ?? null,
  });
}

/**
 * Several entries about one person from one place (a sign-in's steps): who, what about and from
 * where are said once, each entry then only its action, outcome and details.
 */
export function auditFor(db: Database, who: Pick<AuditEntry, "actor" | "target" | "clientAddress">) {
  return (entry: Omit<AuditEntry, "actor" | "target" | "clientAddress">) => recordAudit(db, { ...who, ...entry });
}
