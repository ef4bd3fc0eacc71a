/**
 * What a backup and a restore report, so an operator can hold the two against each other: how many
 * accounts, stored days and audit entries the database holds. Counts only, never a row.
 */

export interface DaybookCounts {
  users: number;
  /** Days with at least one stored report. */
  storedDays: number;
  auditEntries: number;
}

/** One query's rows, whichever driver runs it (node-postgres' client or PGlite). */
export type RunQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const COUNTS = `select
  (select count(*) from users)::int as users,
  (select count(distinct reported_date) from stored_reports)::int as stored_days,
  (select count(*) from audit_events)::int as audit_entries`;

export async function countDaybook(query: RunQuery): Promise<DaybookCounts> {
  const row = (await query(COUNTS)).rows[0] ?? {};
  return { users: Number(row.users), storedDays: Number(row.stored_days), auditEntries: Number(row.audit_entries) };
}

/** Whether Daybook's tables are there: its migrations' record or its accounts table. */
export async function holdsDaybook(query: RunQuery): Promise<boolean> {
  const row = (
    await query(
      "select to_regclass('public.users') is not null or to_regclass('drizzle.__drizzle_migrations') is not null as found",
    )
  ).rows[0];
  return row?.found === true;
}

export function describeCounts(counts: DaybookCounts): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    plural(counts.users, "user", "users"),
    plural(counts.storedDays, "stored day", "stored days"),
    plural(counts.auditEntries, "audit entry", "audit entries"),
  ].join(", ");
}

/** Said by every backup and restore: the backup alone cannot read the secrets stored in it. */
export const ENCRYPTION_KEY_NOTICE =
  "The encryption key (DAYBOOK_ENCRYPTION_KEY, or AUTH_SECRET when it is unset) is NOT in the backup: " +
  "keep it apart from the backup, and restore with the same one, or the API key an admin stored cannot be read " +
  "(the demo generates its AUTH_SECRET into DAYBOOK_DATA_DIR/auth-secret).";
