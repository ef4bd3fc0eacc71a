/**
 * The `year.` rows' part that runs on Daybook's own code, in a process of its own (with
 * `--conditions=react-server`, like the commands): seeding a year of the large group's days, and
 * what is measured on Daybook's feature functions rather than over HTTP. Prints one JSON object.
 *
 * BENCH_YEAR_TASK:
 *   seed     the days of BENCH_YEAR_STATE's plan, oldest first, each pulled by `runSync` from the
 *            simulator (its clock set to the pull's time); resumes where an earlier run stopped
 *   size     what the history tables and their indexes take (read only)
 *   measure  BENCH_YEAR_STEPS of privacy, store, purge, growth, on a copy of the seeded database
 *
 * Environment: BENCH_SIMULATOR_URL, BENCH_YEAR_STATE (the seeding's state file, see YearState),
 * DATABASE_URL or DAYBOOK_DATA_DIR, AUTH_SECRET (the seeded database's), DAYBOOK_RETENTION_DAYS.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import * as requests from "@/lib/features/privacy-requests/service";
import { readPolicies } from "@/lib/features/privacy/server";
import { signOffDemoLists } from "@/lib/features/review/demo";
import { QUEUED_DAYS } from "@/lib/features/sync/demo";
import { runHousekeeping } from "@/lib/features/sync/housekeeping";
import { purgeExpiredGuestData } from "@/lib/features/sync/retention";
import { runSync } from "@/lib/features/sync/run";
import { findUserByEmail, insertUser } from "@/lib/server/auth/users";
import { getConfig } from "@/lib/server/config";
import { openDatabase, type Database, type OpenedDatabase } from "@/lib/server/db/open";
import { createPartnerApiClient, type PartnerApiClient } from "@/lib/server/partner-api";
import type { GuestArrival, GuestsReport } from "@/lib/server/partner-api/schemas";

import {
  HISTORY_TABLE,
  pullAt,
  SECOND_PULL_AT,
  SUPERVISOR,
  type Identity,
  type SizeAnswer,
  type YearMeasureAnswer,
  type YearState,
} from "./year-plan";

const simulatorUrl = process.env.BENCH_SIMULATOR_URL!;
const stateFile = process.env.BENCH_YEAR_STATE!;
const task = process.env.BENCH_YEAR_TASK ?? "seed";

const readState = (): YearState => JSON.parse(readFileSync(stateFile, "utf8")) as YearState;
function saveState(state: YearState): void {
  writeFileSync(`${stateFile}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${stateFile}.tmp`, stateFile);
}

const progress = (message: string) => process.stderr.write(`[year-worker] ${message}\n`);

async function setClock(iso: string): Promise<void> {
  const response = await fetch(`${simulatorUrl}/__simulator/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: iso }),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the simulator refused the clock: ${response.status}`);
}

function apiClient(): PartnerApiClient {
  return createPartnerApiClient({
    baseUrl: simulatorUrl,
    apiKey: getConfig().partnerApi.apiKey,
    timeoutMs: 120_000,
    retry: { maxRetries: 4, baseDelayMs: 50, maxDelayMs: 500, maxElapsedMs: 30_000 },
  });
}

async function open(): Promise<OpenedDatabase> {
  const config = getConfig();
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

const ms = (started: number) => Math.round(performance.now() - started);

// ——— Seeding ———

/** A guest the privacy rows can look for: named, born, with a document number, matched by nothing. */
function plain(item: GuestArrival): boolean {
  return Boolean(
    item.firstName &&
    item.lastName &&
    item.dateOfBirth &&
    item.identificationNumber &&
    item.matchedBanAtCheckIn !== true &&
    !item.hasCriminalRecord &&
    !item.isSexualOffender,
  );
}

function identityOf(item: GuestArrival, day: string): Identity {
  return {
    day,
    firstName: item.firstName!,
    middleName: item.middleName ?? null,
    lastName: item.lastName!,
    dateOfBirth: item.dateOfBirth!,
    documentNumber: item.identificationNumber!,
  };
}

/**
 * The API client runSync pulls with, as it is, except that on the plan's days one arrival becomes a
 * returning guest: the simulator never repeats a guest, and an erasure is measured on a person
 * found on several days. Only that arrival's name, date of birth and document number change (it has
 * no screening match, so no criminal arrival names it); it is also where the guests found across the
 * year come from.
 */
function plantingClient(api: PartnerApiClient, state: YearState, current: { day: string }): PartnerApiClient {
  return {
    ...api,
    guests: async (filter, call) => {
      const report: GuestsReport = await api.guests(filter, call);
      const day = current.day;
      const candidates = report.items.filter((item) => item.checkInDateLocal === day && plain(item));
      if (candidates.length === 0) return report;
      for (const [index, guest] of state.plan.returning.entries()) {
        const visit = guest.days.indexOf(day);
        if (visit < 0) continue;
        const item = candidates[(index * 997 + 17) % candidates.length]!;
        if (visit === 0 && !guest.identity) guest.identity = identityOf(item, day);
        else if (guest.identity) {
          Object.assign(item, {
            firstName: guest.identity.firstName,
            middleName: guest.identity.middleName,
            lastName: guest.identity.lastName,
            dateOfBirth: guest.identity.dateOfBirth,
            identificationNumber: guest.identity.documentNumber,
          });
        }
      }
      for (const [index, sampleDay] of state.plan.sampleDays.entries()) {
        if (sampleDay !== day || state.sample.some((found) => found.index === index)) continue;
        const item = candidates[(index * 7919 + 3) % candidates.length]!;
        state.sample.push({ index, ...identityOf(item, day) });
      }
      return report;
    },
  };
}

/**
 * The server's first admin (DAYBOOK_ADMIN_EMAIL, DAYBOOK_ADMIN_PASSWORD) as its first start would
 * make it, since a database with accounts gets none from the server; then the supervisor.
 */
async function ensureAccounts(db: Database) {
  const admin = getConfig().firstAdmin;
  if (admin && !(await findUserByEmail(db, admin.email))) {
    await insertUser(db, { ...admin, name: "Administrator", role: "admin", allProperties: true, properties: [] });
  }
  if (await findUserByEmail(db, SUPERVISOR.email)) return;
  await insertUser(db, { ...SUPERVISOR, role: "supervisor", allProperties: true, properties: [] });
}

async function seed(): Promise<void> {
  const state = readState();
  const { days } = state.plan;
  const last = days.at(-1)!;
  const retentionDays = getConfig().history.retentionDays;
  const opened = await open();
  const started = performance.now();
  const current = { day: days[0]! };
  const api = plantingClient(apiClient(), state, current);
  try {
    await ensureAccounts(opened.db);
    // The demo's supervisor work: lists older than its queue's days reviewed and signed off. On
    // PostgreSQL a day's sign-offs run while the next day is pulled (another connection of the pool).
    const overlap = opened.kind === "postgres";
    let lastMark = performance.now();
    type Job = { day: string; index: number; pullMs: number; signOff: Promise<number> };
    const signOff = async (day: string): Promise<number> => {
      if (day > addDays(last, -QUEUED_DAYS)) return 0;
      const signStarted = performance.now();
      state.stored.signedOffLists += await signOffDemoLists(opened.db, {
        supervisorEmail: SUPERVISOR.email,
        from: day,
        through: day,
      });
      const took = ms(signStarted);
      state.timing.signOffMs += took;
      return took;
    };
    const finish = async (job: Job) => {
      const signOffMs = await job.signOff;
      state.doneThrough = job.day;
      state.timing.seedSeconds += (performance.now() - lastMark) / 1000;
      lastMark = performance.now();
      state.timing.daysSeeded += 1;
      saveState(state);
      if ((job.index + 1) % 10 === 0 || job.index === days.length - 1) {
        const perDay = state.timing.seedSeconds / state.timing.daysSeeded;
        progress(
          `${job.index + 1}/${days.length} days (${job.day}): ${perDay.toFixed(1)} s a day (this one: pull ${job.pullMs} ms, ` +
            `sign-offs ${signOffMs} ms${overlap ? " beside the next pull" : ""}), ` +
            `about ${Math.round(((days.length - job.index - 1) * perDay) / 60)} min to go`,
        );
      }
    };
    let signing: Job | null = null;
    for (const [index, day] of days.entries()) {
      // A run that stopped part-way: what it finished stays, the day it was at is done again.
      if (state.doneThrough !== null && day <= state.doneThrough) continue;
      const pullStarted = performance.now();
      current.day = day;
      let pullMs = 0;
      if (state.storedThrough === null || day > state.storedThrough) {
        const at = pullAt(day);
        await setClock(at);
        const pulled = await runSync(opened.db, api, { now: new Date(at), trigger: "command", retentionDays });
        if (pulled.status !== "finished") throw new Error(`the pull of ${day} was skipped`);
        if (pulled.run.outcome !== "stored") throw new Error(`the pull of ${day} ended ${pulled.run.outcome}`);
        pullMs = ms(pullStarted);
        for (const endpoint of pulled.run.endpoints) {
          if (endpoint.endpoint === "guests") state.stored.arrivals += endpoint.itemCount ?? 0;
          if (endpoint.endpoint === "criminal-arrivals") state.stored.criminalArrivals += endpoint.itemCount ?? 0;
        }
        // As the demo does: the latest days pulled a second time later that day (bans made since the
        // stay are read then), when that time has come by the bench's clock.
        const second = `${addDays(day, 1)}${SECOND_PULL_AT}`;
        if (index >= days.length - 5 && Date.parse(second) <= Date.parse(state.clock)) {
          await setClock(second);
          await runSync(opened.db, api, { now: new Date(second), trigger: "command", retentionDays });
          state.stored.secondPulls += 1;
        }
        state.storedThrough = day;
        state.timing.pullMs += pullMs;
      }
      if (signing) await finish(signing);
      signing = { day, index, pullMs, signOff: signOff(day) };
      // Awaited by `finish`; a pull failing first ends the seeding with its own error.
      signing.signOff.catch(() => undefined);
      if (!overlap) {
        await finish(signing);
        signing = null;
      }
    }
    if (signing) await finish(signing);
    state.complete = true;
    saveState(state);
  } finally {
    await setClock(state.clock).catch(() => undefined);
    await opened.close();
  }
  process.stdout.write(
    `${JSON.stringify({ seconds: Math.round((performance.now() - started) / 1000), stored: state.stored })}\n`,
  );
}

// ——— Sizes ———

async function tableSizes(db: Database): Promise<SizeAnswer> {
  // Every table of the history (a partitioned one with its partitions), its indexes and TOAST included.
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
      and c.relname ~ ${HISTORY_TABLE.source}
    order by 2 desc`);
  const [database] = (
    await db.execute<{ bytes: string }>(sql`select pg_database_size(current_database())::bigint as bytes`)
  ).rows;
  return {
    tables: Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)])),
    historyBytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0),
    databaseBytes: Number(database!.bytes),
  };
}

async function size(): Promise<void> {
  const opened = await open();
  try {
    process.stdout.write(`${JSON.stringify(await tableSizes(opened.db))}\n`);
  } finally {
    await opened.close();
  }
}

// ——— Measures on a copy ———

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

async function privacy(db: Database, state: YearState, now: Date): Promise<YearMeasureAnswer["privacy"]> {
  const ctx = { clientAddress: null, now };
  const byDocument = (documentNumber: string) =>
    requests.findPerson(db, WHO, { by: "document number", documentNumber }, ctx);
  const byName = (guest: Identity) =>
    requests.findPerson(
      db,
      WHO,
      {
        by: "name and date of birth",
        name: `${guest.firstName} ${guest.lastName}`,
        dateOfBirth: guest.dateOfBirth.slice(0, 10),
      },
      ctx,
    );
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
    const request = await requests.openRequest(
      db,
      WHO,
      {
        kind: "erasure",
        reference: "bench",
        person: { by: "document number", documentNumber: guest.identity.documentNumber },
      },
      ctx,
    );
    const started = performance.now();
    const outcome = await requests.eraseRequest(db, WHO, request.id, { reason: "bench" }, ctx);
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
  }
  return { ...summary(times), removed };
}

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Days of store and purge as a running Daybook has them: each pull removes the day past retention. */
async function growth(db: Database, state: YearState, after: number, count: number) {
  const api = apiClient();
  const last = state.plan.days.at(-1)!;
  const keptDays = state.plan.days.length;
  const before = await tableSizes(db);
  const started = performance.now();
  const times: number[] = [];
  for (let k = 1; k <= count; k++) {
    const day = addDays(last, after + k);
    const at = pullAt(day);
    await setClock(at);
    const pulled = performance.now();
    const result = await runSync(db, api, { now: new Date(at), trigger: "command", retentionDays: keptDays });
    times.push(performance.now() - pulled);
    if (result.status !== "finished" || result.run.outcome !== "stored")
      throw new Error(`the pull of ${day} did not store it`);
    // As in production, the day's housekeeping follows on its own timer (its VACUUM included).
    await runHousekeeping(db, {
      now: new Date(new Date(at).getTime() + 3_600_000),
      retentionDays: keptDays,
      auditRetentionDays: 365,
      session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
    });
  }
  const afterSizes = await tableSizes(db);
  return {
    days: count,
    keptDays,
    seconds: (performance.now() - started) / 1000,
    pullMs: summary(times),
    before,
    after: afterSizes,
  };
}

async function measure(): Promise<void> {
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
    if (steps.has("growth")) await attempt("growth", () => growth(opened.db, state, stored, 30));
  } finally {
    await setClock(state.clock).catch(() => undefined);
    await opened.close();
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

const tasks: Record<string, () => Promise<void>> = { seed, size, measure };
const chosen = tasks[task];
if (!chosen) {
  process.stderr.write(`unknown BENCH_YEAR_TASK ${task}\n`);
  process.exit(2);
}
chosen().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
