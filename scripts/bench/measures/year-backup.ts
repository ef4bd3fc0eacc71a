/** `year.backup` and `year.restore`: Daybook's own commands on the seeded database, the server stopped. */
import { rmSync, statSync } from "node:fs";
import path from "node:path";

import { REPO_ROOT } from "../build";
import { baseEnv, runToEnd } from "../processes";
import { failedRow, MB, round, row, type Row } from "../report";
import type { DatabaseTarget, YearDatabase } from "../year-db";
import type { YearState } from "../year-plan";
import { YEAR_SPECS } from "./year-specs";

export async function backupRows(options: {
  db: YearDatabase;
  state: YearState;
  runDir: string;
  selected: (name: string) => boolean;
  scope: Record<string, unknown>;
}): Promise<Row[]> {
  const { db, state, runDir, selected, scope } = options;
  const rows: Row[] = [];
  const file = path.join(db.home, `backup-${process.pid}.${db.kind === "postgres" ? "dump" : "tar.gz"}`);
  const env = (target: DatabaseTarget) =>
    baseEnv({ ...target.env, AUTH_SECRET: state.authSecret, DAYBOOK_RETENTION_DAYS: String(state.retentionDays) });
  const npm = (args: string[], target: DatabaseTarget, log: string) =>
    runToEnd("npm", ["run", "-s", ...args], { cwd: REPO_ROOT, env: env(target), logFile: path.join(runDir, log) });
  rmSync(file, { force: true });
  try {
    let started = performance.now();
    try {
      await npm(["backup", "--", "--out", file], db, "year-backup.log");
    } catch (error) {
      return [failedRow(YEAR_SPECS.backup, error), failedRow(YEAR_SPECS.restore, error)];
    }
    const backupSeconds = (performance.now() - started) / 1000;
    const fileMB = round(statSync(file).size / MB);
    if (selected(YEAR_SPECS.backup.name)) {
      rows.push(row(YEAR_SPECS.backup, backupSeconds, { ...scope, command: "npm run backup -- --out FILE", fileMB }));
    }
    if (selected(YEAR_SPECS.restore.name)) {
      const target = await db.empty("restore");
      try {
        started = performance.now();
        await npm(["restore", "--", file], target, "year-restore.log");
        rows.push(
          row(YEAR_SPECS.restore, (performance.now() - started) / 1000, {
            ...scope,
            command: "npm run restore -- FILE",
            into: db.kind === "postgres" ? "a new, empty database on the same cluster" : "an empty data directory",
            fileMB,
          }),
        );
      } catch (error) {
        rows.push(failedRow(YEAR_SPECS.restore, error));
      } finally {
        await target.drop();
      }
    }
  } finally {
    rmSync(file, { force: true });
  }
  return rows;
}
