/**
 * Readiness: may a balancer send this instance work? Only when start-up is done, the instance is not
 * draining, the database answers (`select 1` within 2 s) and holds every migration this build knows.
 * The database's answer is kept 5 s, so however often probes come, the database sees one query in 5 s.
 */
import { sql } from "drizzle-orm";

import { getDb } from "@/lib/server/db";
import { currentPhase } from "@/lib/server/lifecycle";
import { describeErrorForLog, log } from "@/lib/server/log";
import { compareMigrations, readJournal, type JournalEntry } from "@/lib/server/preflight/migrations";
import { processWide } from "@/lib/server/process-state";

export type NotReady = "starting" | "draining" | "database" | "migrations";
export type Readiness = { ready: true } | { ready: false; reason: NotReady };

export const READINESS_TIMEOUT_MS = 2_000;
export const READINESS_CACHE_MS = 5_000;

type DatabaseState = "ok" | "database" | "migrations";

const cache = processWide("health.readiness", () => ({
  at: 0,
  answer: undefined as Promise<DatabaseState> | undefined,
  lastProblem: "ok" as DatabaseState,
}));

let journal: JournalEntry[] | undefined;

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("no answer in time"), { name: "TimeoutError" })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(): Promise<DatabaseState> {
  let applied: number;
  try {
    const db = await getDb();
    applied = await withinTimeout(
      (async () => {
        await db.execute(sql`select 1`);
        const { rows } = await db.execute<{ newest: string | number | null }>(
          sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
        );
        return Number(rows[0]?.newest ?? 0);
      })(),
      READINESS_TIMEOUT_MS,
    );
  } catch (error) {
    if (cache.lastProblem !== "database")
      log.warn(`health: the database does not answer (${describeErrorForLog(error)}); readiness is 503`);
    return "database";
  }
  // Only what this build lacks: a newer release's migrations (a rolling upgrade) leave it ready.
  journal ??= readJournal();
  return compareMigrations(journal, [applied]).pending.length === 0 ? "ok" : "migrations";
}

export async function readiness(now = Date.now()): Promise<Readiness> {
  const phase = currentPhase();
  if (phase !== "serving") return { ready: false, reason: phase };
  if (!cache.answer || now - cache.at >= READINESS_CACHE_MS) {
    cache.at = now;
    cache.answer = checkDatabase().then((state) => {
      if (state === "ok" && cache.lastProblem !== "ok") log.info("health: the database answers again; ready");
      cache.lastProblem = state;
      return state;
    });
  }
  const state = await cache.answer;
  return state === "ok" ? { ready: true } : { ready: false, reason: state };
}
