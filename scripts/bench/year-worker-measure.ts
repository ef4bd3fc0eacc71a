/**
 * The worker's `size` task (what the history takes, read only) and its `measure` task: privacy,
 * store, purge and growth on Daybook's feature functions, on a copy of the seeded database.
 */
import { sql } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { GUEST_LEVEL_TABLES, reclaimHistorySpace } from "@/lib/features/history/space";
import * as requests from "@/lib/features/privacy-requests/service";
import { readPolicies } from "@/lib/features/privacy/server";
import { runHousekeeping } from "@/lib/features/sync/housekeeping";
import { purgeExpiredGuestData } from "@/lib/features/sync/retention";
import { runSync } from "@/lib/features/sync/run";
import type { Database } from "@/lib/server/db/open";

import { DEFAULT_GROWTH_DAYS } from "./measures/year-specs";
import {
  HISTORY_TABLE,
  pullAt,
  type Identity,
  type SizeAnswer,
  type YearMeasureAnswer,
  type YearState,
} from "./year-plan";
import { apiClient, open, progress, readState, setClock } from "./year-worker-env";

async function tableSizes(db: Database): Promise<SizeAnswer> {
  // Every table (a partitioned one with its partitions), its indexes and TOAST included; the history's summed.
  const { rows } = await db.execute<{ name: string; bytes: string }>(sql`
    select c.relname as name,
      (case when c.relkind = 'p'
        then (select coalesce(sum(pg_total_relation_size(t.relid)), 0) from pg_partition_tree(c.oid) t)
        else pg_total_relation_size(c.oid) end)::bigint as bytes
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema()
      and c.relkind in ('r', 'p')
      and not c.relispartition
    order by 2 desc`);
  // Each table's and index's own pages (with their free-space and visibility maps), and the catalogs', to tell what grew.
  const { rows: relations } = await db.execute<{ name: string; bytes: string }>(sql`
    select case when n.nspname = current_schema() then c.relname else n.nspname || '.' || c.relname end as name,
      (pg_relation_size(c.oid) + pg_relation_size(c.oid, 'fsm') + pg_relation_size(c.oid, 'vm'))::bigint as bytes
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in (current_schema(), 'pg_catalog', 'pg_toast') and c.relkind in ('r', 'i', 't')
      and pg_relation_size(c.oid) > 0`);
  const [database] = (
    await db.execute<{ bytes: string }>(sql`select pg_database_size(current_database())::bigint as bytes`)
  ).rows;
  return {
    tables: Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)])),
    relations: Object.fromEntries(relations.map((row) => [row.name, Number(row.bytes)])),
    historyBytes: rows.filter((row) => HISTORY_TABLE.test(row.name)).reduce((sum, row) => sum + Number(row.bytes), 0),
    databaseBytes: Number(database!.bytes),
  };
}

export async function size(): Promise<void> {
  const opened = await open();
  try {
    process.stdout.write(`${JSON.stringify(await tableSizes(opened.db))}\n`);
  } finally {
    await opened.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.9 * values.length) - 1]!;
const round = (value: number) => Math.round(value * 1000) / 1000;
const summary = (values: number[]) => ({
  p50: round(median(values)),
  p90: round(p90(values)),
  runs: values.map(Math.round),
});

const WHO: requests.Requester = { actor: null, by: "bench", scope: requests.WHOLE_GROUP };

/** A person found by document number or by name and date of birth, and an erasure, as the privacy screen does them. */
export function privacyCalls(db: Database, now: Date) {
  const ctx = { clientAddress: null, now };
  return {
    byDocument: (documentNumber: string) =>
      requests.findPerson(db, WHO, { by: "document number", documentNumber }, ctx),
    byName: (guest: Identity) =>
      requests.findPerson(
        db,
        WHO,
        {
          by: "name and date of birth",
          name: `${guest.firstName} ${guest.lastName}`,
          dateOfBirth: guest.dateOfBirth.slice(0, 10),
        },
        ctx,
      ),
    openErasure: (documentNumber: string) =>
      requests.openRequest(
        db,
        WHO,
        { kind: "erasure", reference: "bench", person: { by: "document number", documentNumber } },
        ctx,
      ),
    erase: (requestId: Awaited<ReturnType<typeof requests.openRequest>>["id"]) =>
      requests.eraseRequest(db, WHO, requestId, { reason: "bench" }, ctx),
  };
}

async function privacy(db: Database, state: YearState, now: Date): Promise<YearMeasureAnswer["privacy"]> {
  const { byDocument, byName, openErasure, erase } = privacyCalls(db, now);
  if (state.sample.length === 0) throw new Error("the seeding recorded no guests to look for");
  // The match key read once, as a running server has it.
  await byDocument(state.sample[0]!.documentNumber);
  const documentMs: number[] = [];
  const nameMs: number[] = [];
  let notFound = 0;
  for (const guest of state.sample) {
    let started = performance.now();
    const found = await byDocument(guest.documentNumber);
    documentMs.push(performance.now() - started);
    if (found.arrivals.length === 0) notFound += 1;
    started = performance.now();
    await byName(guest);
    nameMs.push(performance.now() - started);
  }
  const eraseMs: number[] = [];
  const erased: { days: number; arrivals: number; outcome: string | null }[] = [];
  for (const guest of state.plan.returning) {
    if (!guest.identity) continue;
    const places = await byDocument(guest.identity.documentNumber);
    const request = await openErasure(guest.identity.documentNumber);
    const started = performance.now();
    const outcome = await erase(request.id);
    eraseMs.push(performance.now() - started);
    if (!outcome.ok) throw new Error("an erasure was refused");
    erased.push({ days: places.days.length, arrivals: places.arrivals.length, outcome: outcome.request.outcome });
  }
  return {
    guests: state.sample.length,
    days: [...new Set(state.sample.map((guest) => guest.day))].length,
    notFoundByDocument: notFound,
    findByDocumentMs: summary(documentMs),
    findByNameMs: summary(nameMs),
    eraseMs: eraseMs.length > 0 ? summary(eraseMs) : null,
    erased,
  };
}

/** New days after the seeded ones, each pulled by runSync over HTTP: the pull to its commit. */
async function storeDays(db: Database, state: YearState, count: number) {
  const api = apiClient();
  const last = state.plan.days.at(-1)!;
  const times: number[] = [];
  const arrivals: number[] = [];
  for (let k = 1; k <= count; k++) {
    const day = addDays(last, k);
    const at = pullAt(day);
    await setClock(at);
    const started = performance.now();
    const pulled = await runSync(db, api, { now: new Date(at), trigger: "command" });
    times.push(performance.now() - started);
    if (pulled.status !== "finished" || pulled.run.outcome !== "stored")
      throw new Error(`the pull of ${day} did not store it`);
    arrivals.push(pulled.run.endpoints.find((entry) => entry.endpoint === "guests")?.itemCount ?? 0);
  }
  return { ...summary(times), arrivals, days: [addDays(last, 1), addDays(last, count)] };
}

/**
 * The retention purge (as a pull or housekeeping runs it) cutting one more of the oldest days each
 * time: the default policy's retention shortened by a day, at the time of the next pull.
 */
async function purgeDays(db: Database, state: YearState, stored: number, count: number) {
  const first = state.plan.days[0]!;
  const at = new Date(pullAt(addDays(state.plan.days.at(-1)!, stored)));
  // Days before `first + k` are past a retention of (today − first − k) days in most zones.
  const today = addDays(state.plan.days.at(-1)!, stored + 1);
  const times: number[] = [];
  const removed: { retentionDays: number; days: number; items: number }[] = [];
  for (let k = 1; k <= count; k++) {
    const retentionDays = dayDiff(first, today) - k;
    const policies = await readPolicies(db, retentionDays);
    const started = performance.now();
    const purged = await purgeExpiredGuestData(db, { policies, now: at });
    times.push(performance.now() - started);
    const byDefault = purged.byPolicy[0]!;
    removed.push({ retentionDays, days: purged.days, items: byDefault.items });
    // The VACUUM of the day's housekeeping, untimed: each purge is a day of a running Daybook's.
    await reclaimHistorySpace(db);
  }
  return { ...summary(times), removed };
}

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Rows kept in the guest-level tables: what their size should follow. */
async function guestLevelRows(db: Database): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(
    sql.raw(`select (${GUEST_LEVEL_TABLES.map((name) => `(select count(*) from ${name})`).join(" + ")})::bigint as n`),
  );
  return Number(rows[0]!.n);
}

/** Rows written to each guest-level table so far (inserted, updated, of those in place, deleted): what churns. */
async function guestLevelWrites(db: Database) {
  const { rows } = await db.execute<{ name: string; ins: string; upd: string; hot: string; del: string }>(sql`
    select relname as name, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot, n_tup_del as del
    from pg_stat_user_tables where relname in (${sql.join(
      GUEST_LEVEL_TABLES.map((name) => sql`${name}`),
      sql`, `,
    )})`);
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      { inserted: Number(row.ins), updated: Number(row.upd), inPlace: Number(row.hot), deleted: Number(row.del) },
    ]),
  );
}

async function guestLevelSize(db: Database): Promise<number> {
  const { rows } = await db.execute<{ bytes: string }>(
    sql.raw(
      `select (${GUEST_LEVEL_TABLES.map((name) => `pg_total_relation_size('${name}')`).join(" + ")})::bigint as bytes`,
    ),
  );
  return Number(rows[0]!.bytes);
}

/** Days of store and purge as a running Daybook has them: each pull removes the day past retention. */
async function growth(db: Database, state: YearState, after: number, count: number) {
  const api = apiClient();
  const last = state.plan.days.at(-1)!;
  const keptDays = state.plan.days.length;
  // As in production, each day's housekeeping follows its pull on its own timer (its VACUUM included).
  const housekeeping = (pulledAt: string) =>
    runHousekeeping(db, {
      now: new Date(new Date(pulledAt).getTime() + 3_600_000),
      retentionDays: keptDays,
      auditRetentionDays: 365,
      session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
    });
  // From a running Daybook's state: the housekeeping of the last day stored has run.
  await housekeeping(pullAt(addDays(last, after)));
  const before = await tableSizes(db);
  const rowsBefore = await guestLevelRows(db);
  const writesBefore = await guestLevelWrites(db);
  const started = performance.now();
  const times: number[] = [];
  const housekeepingTimes: number[] = [];
  // After each day's housekeeping: whether what the guest-level tables hold levels off or keeps growing.
  const guestLevelBytes: number[] = [];
  for (let k = 1; k <= count; k++) {
    const day = addDays(last, after + k);
    const at = pullAt(day);
    await setClock(at);
    const pulled = performance.now();
    const result = await runSync(db, api, { now: new Date(at), trigger: "command", retentionDays: keptDays });
    times.push(performance.now() - pulled);
    if (result.status !== "finished" || result.run.outcome !== "stored")
      throw new Error(`the pull of ${day} did not store it`);
    const housekept = performance.now();
    await housekeeping(at);
    housekeepingTimes.push(performance.now() - housekept);
    guestLevelBytes.push(await guestLevelSize(db));
  }
  const afterSizes = await tableSizes(db);
  return {
    days: count,
    keptDays,
    seconds: (performance.now() - started) / 1000,
    pullMs: summary(times),
    housekeepingMs: summary(housekeepingTimes),
    before,
    after: afterSizes,
    guestLevelBytes,
    guestLevelRows: { before: rowsBefore, after: await guestLevelRows(db) },
    guestLevelWrites: Object.fromEntries(
      Object.entries(await guestLevelWrites(db)).map(([name, after]) => {
        const was = writesBefore[name] ?? { inserted: 0, updated: 0, inPlace: 0, deleted: 0 };
        return [
          name,
          {
            inserted: after.inserted - was.inserted,
            updated: after.updated - was.updated,
            inPlace: after.inPlace - was.inPlace,
            deleted: after.deleted - was.deleted,
          },
        ];
      }),
    ),
  };
}

export async function measure(): Promise<void> {
  const state = readState();
  const steps = new Set((process.env.BENCH_YEAR_STEPS ?? "privacy,store,purge,growth").split(","));
  const opened = await open();
  const answer: YearMeasureAnswer = {};
  const attempt = async <K extends keyof YearMeasureAnswer>(key: K, step: () => Promise<YearMeasureAnswer[K]>) => {
    progress(`${key}…`);
    try {
      answer[key] = await step();
    } catch (error) {
      answer.errors = { ...answer.errors, [key]: error instanceof Error ? error.message : String(error) };
      progress(`${key} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };
  const STORED = 5;
  try {
    if (steps.has("privacy")) await attempt("privacy", () => privacy(opened.db, state, new Date(state.clock)));
    // The purges and the growth follow the new days: without them, the days the purges cut are the seeded ones.
    const stores = steps.has("store") || steps.has("purge") || steps.has("growth");
    let stored = 0;
    if (stores) {
      await attempt("store", async () => {
        const result = await storeDays(opened.db, state, STORED);
        stored = STORED;
        return result;
      });
    }
    if (steps.has("purge") || steps.has("growth")) {
      await attempt("purge", () => purgeDays(opened.db, state, stored, STORED));
    }
    const growthDays = Number(process.env.BENCH_YEAR_GROWTH_DAYS ?? DEFAULT_GROWTH_DAYS);
    if (steps.has("growth")) await attempt("growth", () => growth(opened.db, state, stored, growthDays));
  } finally {
    await setClock(state.clock).catch(() => undefined);
    await opened.close();
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
