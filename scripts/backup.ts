// `npm run backup -- --out FILE`: a backup of Daybook's database. PostgreSQL (DATABASE_URL): a
// pg_dump custom-format archive, checked with pg_restore --list. Embedded: PGlite's own dump of the
// data directory, taken only while no Daybook runs on it. Written under a temporary name, readable
// by its owner only, and renamed to FILE once complete and read back, so FILE is never half a
// backup. An existing FILE is never overwritten. Exit code 0 when FILE was written, 1 otherwise.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { describeCounts, ENCRYPTION_KEY_NOTICE } from "@/lib/server/backup/counts";
import { dumpEmbedded, readEmbeddedDump } from "@/lib/server/backup/embedded";
import { dumpPostgres } from "@/lib/server/backup/postgres";
import { log } from "@/lib/server/log";
import { exitOnSignals, onShutdown } from "@/lib/server/shutdown";

import { describeFailure, formatBytes } from "./backup-messages";
import { readCommandConfig, runCommand } from "./command";

const USAGE = "Usage: npm run backup -- --out FILE";

function readArguments(): { out: string } | string {
  try {
    const { values } = parseArgs({ options: { out: { type: "string" } }, allowPositionals: false });
    return values.out ? { out: values.out } : `Cannot back up: say where the backup goes. ${USAGE}`;
  } catch {
    return `Cannot back up: unknown arguments. ${USAGE}`;
  }
}

async function main(): Promise<number> {
  const args = readArguments();
  if (typeof args === "string") {
    log.error(args);
    return 1;
  }
  const config = readCommandConfig();
  if (!config) return 1;
  const file = path.resolve(args.out);
  if (fs.existsSync(file)) {
    log.error(`Cannot back up: ${file} exists already; a backup never overwrites a file, so name a new one.`);
    return 1;
  }
  if (!fs.existsSync(path.dirname(file))) {
    log.error(`Cannot back up: the folder ${path.dirname(file)} does not exist.`);
    return 1;
  }
  // Beside FILE, so that the final rename stays on one file system and is atomic.
  const partial = `${file}.partial-${process.pid}`;
  const removePartial = async () => fs.rmSync(partial, { force: true });
  onShutdown("backup.partial", removePartial);
  exitOnSignals(1, "Backup stopped: no backup file was written.");
  try {
    if (config.databaseUrl) {
      const { counts, tools, tableData } = await dumpPostgres(config.databaseUrl, file, partial);
      log.info(
        `Backup written: ${file} (${formatBytes(fs.statSync(file).size)}, PostgreSQL custom format by pg_dump ${tools.major}; ` +
          `pg_restore --list reads ${tableData} tables' data).`,
      );
      log.info(`It holds ${describeCounts(counts)}.`);
    } else {
      const { archive } = await dumpEmbedded(config.dataDir);
      // Loaded once in memory before it is kept: a dump that does not load is no backup.
      const loaded = await readEmbeddedDump(archive);
      fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()), { mode: 0o600, flag: "wx" });
      fs.renameSync(partial, file);
      log.info(`Backup written: ${file} (${formatBytes(archive.size)}, the embedded database's own dump, .tar.gz).`);
      log.info(`It holds ${describeCounts(loaded)}.`);
    }
  } catch (error) {
    await removePartial();
    log.error(`Cannot back up: ${describeFailure(error)}.`);
    return 1;
  }
  log.info(ENCRYPTION_KEY_NOTICE);
  return 0;
}

runCommand("Cannot back up", main);
