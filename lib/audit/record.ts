import type { Database } from "@/lib/db/open";
import { auditEvents } from "@/lib/db/schema";

export const AUDIT_ACTIONS = {
  "sign_in.success": "Signed in",
  "sign_in.failure": "Sign-in failed",
  "sign_in.locked": "Sign-in refused: locked",
  "sign_out": "Signed out",
  "user.create": "Created an account",
  "user.update": "Changed an account",
  "user.disable": "Disabled an account",
  "user.enable": "Enabled an account",
  "user.password_reset": "Reset a password",
  "api_key.set": "Set the API key",
  "api_key.test": "Tested the API connection",
  "guest.reveal_id": "Revealed an identification number",
  "sync.pull": "Pulled the reports now",
  "review.item": "Reviewed a criminal arrival",
  "review.item_undo": "Undid a review",
  "review.sign_off": "Signed off a criminal-arrival list",
  "review.sign_off_undo": "Undid a sign-off",
  "export.csv": "Exported a table as CSV",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

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
