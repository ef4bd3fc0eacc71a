import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

export const MISSING_POSTGRES = "PostgreSQL 15 is needed for the database tests: apt-get install -y postgresql";

export interface PostgresCluster {
  /** A database on the cluster, for connecting as its superuser. */
  url: string;
  stop(): Promise<void>;
}

/** initdb and the server refuse to run as root, so as root they run as the `postgres` account. */
function asOwner(): { wrap: (args: string[]) => [string, string[]]; chown: (dir: string) => Promise<void> } {
  if (process.getuid?.() !== 0) return { wrap: ([cmd, ...rest]) => [cmd!, rest], chown: async () => {} };
  return {
    wrap: (args) => ["runuser", ["-u", "postgres", "--", ...args]],
    chown: async (dir) => {
      const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
      fs.chownSync(dir, await id("-u"), await id("-g"));
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway cluster in a temporary directory, on 127.0.0.1 and a free port, with durability off:
 * nothing in it has to survive a crash, and fsync would only slow the tests down.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  if (!fs.existsSync(path.join(BIN, "initdb"))) throw new Error(MISSING_POSTGRES);
  const owner = asOwner();
  const exec = (args: string[]) => run(...owner.wrap(args));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-pg-"));
  await owner.chown(root);
  const data = path.join(root, "data");
  const log = path.join(root, "server.log");
  const pgCtl = (...args: string[]) => exec([path.join(BIN, "pg_ctl"), "-D", data, ...args]);
  let started = false;
  const stop = async () => {
    try {
      if (started) await pgCtl("-m", "immediate", "-w", "stop");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  try {
    await exec([
      path.join(BIN, "initdb"),
      ...["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"],
      ...["--no-sync", "--no-instructions"],
    ]);
    let port = 0;
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      const settings = [
        ...["-p", String(port), "-k", root, "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
        ...["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
      ];
      try {
        await pgCtl("-l", log, "-w", "-t", "20", "-o", settings.join(" "), "start");
        started = true;
      } catch (error) {
        // Another process may have taken the port between our probe and the server's bind.
        if (attempt === 3)
          throw new Error(`PostgreSQL did not start: ${fs.readFileSync(log, "utf8")}`, { cause: error });
      }
    }
    const url = `postgresql://postgres@127.0.0.1:${port}/daybook_test`;
    const admin = new pg.Client({ connectionString: url.replace(/\/daybook_test$/, "/postgres") });
    await admin.connect();
    try {
      await admin.query("create database daybook_test");
    } finally {
      await admin.end();
    }
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
