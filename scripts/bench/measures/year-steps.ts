/**
 * The rows of the worker's measures on a copy of the seeded database (privacy, store, purge,
 * growth), made from its answer.
 */
import { failedRow, MB, round, row, type Row, type Spec } from "../report";
import type { YearMeasureAnswer } from "../year-plan";
import { YEAR_SPECS } from "./year-specs";

export function stepRows(
  answer: YearMeasureAnswer,
  steps: { step: string; specs: Spec[] }[],
  scope: Record<string, unknown>,
) {
  const rows: Row[] = [];
  const errorOf = (step: string) => answer.errors?.[step] ?? "not measured";
  for (const { step, specs } of steps) {
    if (step === "privacy") {
      const privacy = answer.privacy;
      if (!privacy) {
        rows.push(...specs.map((of) => failedRow(of, errorOf(step))));
        continue;
      }
      const found = { guests: privacy.guests, fromDays: privacy.days, notFoundByDocument: privacy.notFoundByDocument };
      rows.push(
        row(YEAR_SPECS.findByName, privacy.findByNameMs.p50, { ...scope, ...found, ms: privacy.findByNameMs }),
        row(YEAR_SPECS.findByDocument, privacy.findByDocumentMs.p50, {
          ...scope,
          ...found,
          ms: privacy.findByDocumentMs,
        }),
        privacy.eraseMs
          ? row(YEAR_SPECS.erase, privacy.eraseMs.p50, {
              ...scope,
              ms: privacy.eraseMs,
              erased: privacy.erased,
              person:
                "a returning guest: the simulator never repeats one, so the seeding gave one arrival on each of five days spread over the year the same name, date of birth and document number; five such guests, one erasure each",
            })
          : failedRow(YEAR_SPECS.erase, "no returning guest was planted"),
      );
    } else if (step === "store") {
      const store = answer.store;
      rows.push(
        store
          ? row(YEAR_SPECS.storeDay, store.p50 / 1000, {
              ...scope,
              ms: { p50: store.p50, p90: store.p90, runs: store.runs },
              newDays: store.days,
              newDayArrivals: store.arrivals,
              how: "runSync over HTTP from the simulator, from the first call to the run's record committed (its retention purge included, which finds nothing due)",
            })
          : failedRow(YEAR_SPECS.storeDay, errorOf(step)),
      );
    } else if (step === "purge") {
      const purge = answer.purge;
      rows.push(
        purge
          ? row(YEAR_SPECS.purgeDay, purge.p50 / 1000, {
              ...scope,
              ms: { p50: purge.p50, p90: purge.p90, runs: purge.runs },
              removed: purge.removed,
              how: "purgeExpiredGuestData (the retention purge a pull or housekeeping runs) with the default policy's retention one day shorter each time: the oldest day of the whole group, each property in its own zone (those a calendar day ahead lose their next day too in the first run)",
            })
          : failedRow(YEAR_SPECS.purgeDay, errorOf(step)),
      );
    } else if (step === "growth") {
      const growth = answer.growth;
      rows.push(
        growth
          ? row(YEAR_SPECS.purgeGrowth, (growth.after.databaseBytes - growth.before.databaseBytes) / MB, {
              ...scope,
              simulatedDays: growth.days,
              keptDays: growth.keptDays,
              databaseMB: {
                before: round(growth.before.databaseBytes / MB),
                after: round(growth.after.databaseBytes / MB),
              },
              historyMB: {
                before: round(growth.before.historyBytes / MB),
                after: round(growth.after.historyBytes / MB),
              },
              pullMs: growth.pullMs,
              how: "pg_database_size before and after 30 new days, each pulled by runSync with a retention that keeps the day count: every pull stores a day and its purge removes one",
            })
          : failedRow(YEAR_SPECS.purgeGrowth, errorOf(step)),
      );
    }
  }
  return rows;
}
