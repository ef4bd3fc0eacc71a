// What the backup commands say when something stands in their way: the reason in the operator's
// words, never a driver's message (which may quote row values) nor anything of DATABASE_URL.
import { EmbeddedBackupError } from "@/lib/server/backup/embedded";
import { PostgresToolError } from "@/lib/server/backup/postgres-tools";
import { DatabaseInUseError } from "@/lib/server/db";
import { describeErrorForLog } from "@/lib/server/log";
import { CONNECTION_REASONS } from "@/lib/server/preflight/database";

/** A reason to print, or undefined for a failure nobody foresaw (runCommand then names it). */
export function explainFailure(error: unknown): string | undefined {
  if (
    error instanceof PostgresToolError ||
    error instanceof EmbeddedBackupError ||
    error instanceof DatabaseInUseError
  ) {
    return error.message;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code in CONNECTION_REASONS) {
    return `the database DATABASE_URL names cannot be used: ${CONNECTION_REASONS[code]}`;
  }
  if (error instanceof Error && /timeout/i.test(error.message) && /connect/i.test(error.message)) {
    return "the database DATABASE_URL names did not answer in time";
  }
  return undefined;
}

export function describeFailure(error: unknown): string {
  return explainFailure(error) ?? describeErrorForLog(error);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
