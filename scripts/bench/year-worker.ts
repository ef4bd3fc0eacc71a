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
 *   plans    the privacy steps once each, marked in PostgreSQL's log (`year.seq-scans`), on a copy
 *
 * Environment: BENCH_SIMULATOR_URL, BENCH_YEAR_STATE (the seeding's state file, see YearState),
 * DATABASE_URL or DAYBOOK_DATA_DIR, AUTH_SECRET (the seeded database's), DAYBOOK_RETENTION_DAYS.
 */
import { measure, size } from "./year-worker-measure";
import { plans } from "./year-worker-plans";
import { seed } from "./year-worker-seed";

const task = process.env.BENCH_YEAR_TASK ?? "seed";

const tasks: Record<string, () => Promise<void>> = { seed, size, measure, plans };
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
