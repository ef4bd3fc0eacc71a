/**
 * The privacy figures, measured in a process of its own on Daybook's own code (run with
 * `--conditions=react-server`, like the commands): the large simulator's days (about 20,000
 * arrivals each) pulled into two embedded databases, one under the default policy (every field
 * kept) and one under a strict default (date of birth, address, e-mail, phone, document and offense
 * details not kept); then, on the first, finding a guest by document number and by name and date of
 * birth, erasing one, and a policy change applied to every stored day. Prints one JSON object.
 *
 * Environment: BENCH_SIMULATOR_URL (the large simulator), BENCH_DATA_DIR (an empty folder),
 * BENCH_PRIVACY_DAYS (how many days, oldest first, ending the day before BENCH_CLOCK's).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { POLICY_FIELDS } from "@/lib/core/privacy";
import * as requests from "@/lib/features/privacy-requests/service";
import { applyStoredPolicies } from "@/lib/features/privacy/server";
import { runSync } from "@/lib/features/sync/run";
import { DEMO_API_KEY } from "@/lib/server/config";
import { openDatabase, type OpenedDatabase } from "@/lib/server/db/open";
import { privacyPolicies, storedItems } from "@/lib/server/db/schema";
import { createPartnerApiClient } from "@/lib/server/partner-api";
import type { GuestArrival } from "@/lib/server/partner-api/schemas";

const simulatorUrl = process.env.BENCH_SIMULATOR_URL!;
const dataDir = process.env.BENCH_DATA_DIR!;
const dayCount = Number(process.env.BENCH_PRIVACY_DAYS ?? "3");
const lastDay = addDays(process.env.BENCH_CLOCK!.slice(0, 10), -1);
const days = Array.from({ length: dayCount }, (_, index) => addDays(lastDay, index - dayCount + 1));
/** Inside every large-simulator property's common pull window. */
const pullAt = (day: string) => new Date(`${addDays(day, 1)}T11:30:00Z`);

const api = createPartnerApiClient({
  baseUrl: simulatorUrl,
  apiKey: DEMO_API_KEY,
  timeoutMs: 120_000,
  retry: { maxRetries: 4, baseDelayMs: 50, maxDelayMs: 500, maxElapsedMs: 30_000 },
});
const WHO: requests.Requester = { actor: null, by: "bench", scope: requests.WHOLE_GROUP };

async function setClock(iso: string) {
  const response = await fetch(`${simulatorUrl}/__simulator/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: iso }),
  });
  if (!response.ok) throw new Error(`the simulator refused the clock: ${response.status}`);
}

const strict = Object.fromEntries(POLICY_FIELDS.map((field) => [field, false]));

async function open(name: string): Promise<OpenedDatabase> {
  const dir = path.join(dataDir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return openDatabase({ dataDir: dir });
}

/** Pulls every day into `db`; the milliseconds each pull took (fetching included). */
async function pullAll(opened: OpenedDatabase): Promise<number[]> {
  const times: number[] = [];
  for (const day of days) {
    await setClock(pullAt(day).toISOString());
    const started = performance.now();
    const result = await runSync(opened.db, api, { now: pullAt(day), trigger: "command" });
    if (result.status !== "finished") throw new Error(`the pull of ${day} was skipped`);
    times.push(performance.now() - started);
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const kept = await open("default");
  const strictDb = await open("strict");
  try {
    await strictDb.db.update(privacyPolicies).set({ kept: strict }).where(eq(privacyPolicies.isDefault, true));
    // The same days from the same simulator: the difference is what the strict policy costs a pull.
    const keptTimes = await pullAll(kept);
    const strictTimes = await pullAll(strictDb);

    const arrivals = await kept.db.$count(storedItems);

    await setClock(pullAt(lastDay).toISOString());
    const served = (await api.guests()).items.filter((item) => item.firstName && item.lastName) as GuestArrival[];
    const sample = served.filter((_, index) => index % Math.max(1, Math.floor(served.length / 20)) === 0).slice(0, 20);
    const ctx = { clientAddress: null };
    const findByDocument: number[] = [];
    const findByName: number[] = [];
    for (const guest of sample) {
      let started = performance.now();
      const byDocument = await requests.findPerson(
        kept.db,
        WHO,
        { by: "document number", documentNumber: guest.identificationNumber },
        ctx,
      );
      findByDocument.push(performance.now() - started);
      if (byDocument.arrivals.length === 0) throw new Error("a served guest was not found by document number");
      started = performance.now();
      await requests.findPerson(
        kept.db,
        WHO,
        {
          by: "name and date of birth",
          name: `${guest.firstName} ${guest.lastName}`,
          dateOfBirth: guest.dateOfBirth.slice(0, 10),
        },
        ctx,
      );
      findByName.push(performance.now() - started);
    }

    const target = sample[0]!;
    const request = await requests.openRequest(
      kept.db,
      WHO,
      {
        kind: "erasure",
        reference: "bench",
        person: { by: "document number", documentNumber: target.identificationNumber },
      },
      ctx,
    );
    let started = performance.now();
    const erased = await requests.eraseRequest(kept.db, WHO, request.id, { reason: "bench" }, ctx);
    const eraseMs = performance.now() - started;
    if (!erased.ok) throw new Error("the erasure was refused");

    await kept.db.update(privacyPolicies).set({ kept: strict }).where(eq(privacyPolicies.isDefault, true));
    started = performance.now();
    const applied = await applyStoredPolicies(kept.db, pullAt(lastDay));
    const applyMs = performance.now() - started;

    process.stdout.write(
      JSON.stringify({
        days: days.length,
        arrivals,
        pullKeptMs: median(keptTimes),
        pullStrictMs: median(strictTimes),
        findByDocumentMs: median(findByDocument),
        findByNameMs: median(findByName),
        eraseMs,
        applyMs,
        applied,
      }) + "\n",
    );
  } finally {
    await kept.close();
    await strictDb.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
