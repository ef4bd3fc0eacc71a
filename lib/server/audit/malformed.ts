import "server-only";

import type { ZodError } from "zod";

import type { AuditAction } from "@/lib/core/audit";
import { malformedTextFields } from "@/lib/core/text-input";
import type { Database } from "@/lib/server/db/open";

import { recordAudit, type AuditEntry } from "./record";

/**
 * A refusal of text holding control characters (lib/core/text-input.ts), audited as the refusals of
 * a property one may not see are: someone probing with such input leaves a trace. The entry names
 * the fields only: the value is never stored, since it may be personal and would not fit a column.
 * Records nothing when the validation refused no malformed text.
 */
export async function auditMalformedInput(
  db: Database,
  entry: { action: AuditAction; target?: string | null } & Pick<AuditEntry, "actor" | "clientAddress">,
  error: ZodError,
): Promise<void> {
  const fields = malformedTextFields(error);
  if (fields.length === 0) return;
  await recordAudit(db, {
    ...entry,
    outcome: "failure",
    details: { reason: "malformed input", fields },
  });
}
