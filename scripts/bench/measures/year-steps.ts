/**
 * The rows of the worker's measures on a copy of the seeded database (privacy, store, purge,
 * growth), made from its answer.
 */
import { GUEST_LEVEL_TABLES } from "@/lib/features/history/space";

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
      const guestBytes = (sizes: Record<string, number>) =>
        GUEST_LEVEL_TABLES.reduce((sum, name) => sum + (sizes[name] ?? 0), 0);
      // The new days may hold more arrivals than the days purged (the simulator's days differ): that
      // much growth is what the kept data itself needs, at the tables' bytes per row, and is no
      // space left unused. Fewer arrivals allow nothing: freed space is reused, not returned.
      const beyondKept = (of: NonNullable<typeof growth>) => {
        const before = guestBytes(of.before.tables);
        const grown = guestBytes(of.after.tables) - before;
        const moreRows = Math.max(0, of.guestLevelRows.after - of.guestLevelRows.before);
        const needed = of.guestLevelRows.before > 0 ? (moreRows * before) / of.guestLevelRows.before : 0;
        return { grown, needed, beyond: grown - needed };
      };
      const sizes = growth ? beyondKept(growth) : null;
      rows.push(
        growth && sizes
          ? row(YEAR_SPECS.purgeGrowth, sizes.beyond / MB, {
              ...scope,
              simulatedDays: growth.days,
              keptDays: growth.keptDays,
              grownMB: round(sizes.grown / MB),
              keptDataNeedsMB: round(sizes.needed / MB),
              guestLevelMB: {
                tables: GUEST_LEVEL_TABLES,
                before: round(guestBytes(growth.before.tables) / MB),
                after: round(guestBytes(growth.after.tables) / MB),
                eachDay: growth.guestLevelBytes.map((bytes) => round(bytes / MB)),
                rows: growth.guestLevelRows,
                writes: growth.guestLevelWrites,
              },
              // What Daybook keeps past retention by design (each day's figures and coverage, the
              // review and purge records, the pull and housekeeping runs) grows with every day stored.
              databaseMB: {
                before: round(growth.before.databaseBytes / MB),
                after: round(growth.after.databaseBytes / MB),
                perDayKB: Math.round((growth.after.databaseBytes - growth.before.databaseBytes) / 1024 / growth.days),
              },
              tablesKB: tableGrowth(growth.before.tables, growth.after.tables),
              relationsKB: tableGrowth(growth.before.relations, growth.after.relations),
              pullMs: growth.pullMs,
              // Its retention purge, VACUUM and the rebuild of the indexes a purge thins.
              housekeepingMs: growth.housekeepingMs,
              how: `how much more the guest-level tables (with their indexes and TOAST) take after ${growth.days} new days than before them (grownMB), less what the rows they keep beyond the start's need at the start's bytes per row (keptDataNeedsMB; none when they keep fewer)`,
              measured: `the tables before and after ${growth.days} new days (30 unless --year-growth-days says), each pulled by runSync with a retention that keeps the day count (every pull stores a day and its purge removes one) and followed by the day's housekeeping, from a state where the last day's housekeeping has run; the whole database's size beside it`,
            })
          : failedRow(YEAR_SPECS.purgeGrowth, errorOf(step)),
      );
    }
  }
  return rows;
}

/** Each size's change in KB, largest first; unchanged ones left out. */
function tableGrowth(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes = [...names]
    .map((name) => [name, Math.round(((after[name] ?? 0) - (before[name] ?? 0)) / 1024)] as const)
    .filter(([, kb]) => kb !== 0)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  return Object.fromEntries(changes);
}
