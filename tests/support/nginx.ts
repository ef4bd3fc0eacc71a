/**
 * Debian's nginx in front of Daybook, as the deployment guide sets it up: deploy/nginx/daybook.conf
 * included unchanged from the `http` block of a minimal nginx.conf written to a directory of its
 * own (pid file, error log, temporary files), nginx in the foreground (`daemon off`) with its master
 * process, so that stopping it is one signal to one process. Used by the multi-instance test and by
 * `npm run bench`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { isProcessAlive } from "@/lib/server/db/pglite-lock";

export const NGINX = "/usr/sbin/nginx";
export const MISSING_NGINX = "nginx is needed for the multi-instance test and the bench: apt-get install -y nginx";

/** The port daybook.conf listens on, and the instances' ports its upstream names. */
export const NGINX_PORT = 8080;
export const INSTANCE_PORTS = [3001, 3002] as const;

const ROOT = path.resolve(import.meta.dirname, "../..");
export const DAYBOOK_CONF = path.join(ROOT, "deploy", "nginx", "daybook.conf");

/** One request as nginx's access log records it (a test-only JSON format, see nginxConf). */
export interface NginxLogEntry {
  method: string;
  /** The path, without the query string. */
  uri: string;
  status: number;
  /** Every instance tried, in order ("127.0.0.1:3001"); more than one when nginx failed over. */
  upstreams: string[];
  /** Their answers, in the same order ("502", or "-" when none came). */
  upstreamStatuses: string[];
}

export interface Nginx {
  /** http://localhost:8080: Chromium treats localhost as a secure origin, so Secure cookies work there. */
  url: string;
  accessLog(): NginxLogEntry[];
  /** What nginx wrote to its error log. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * The wrapper: only what nginx needs to run unprivileged-style in a directory of its own, plus an
 * access log naming the instance (`$upstream_addr`) that answered each request.
 */
function nginxConf(dir: string): string {
  return `# Written by tests/support/nginx.ts for one run; deploy/nginx/daybook.conf is included as it is.
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format daybook_test escape=json
    '{"method":"$request_method","uri":"$uri","status":$status,'
    '"upstreams":"$upstream_addr","upstreamStatuses":"$upstream_status"}';
  access_log ${dir}/access.log daybook_test;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${DAYBOOK_CONF};
}
`;
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * A run that was killed before it could stop its nginx leaves the master running, holding the
 * port; its pid file is in the same fixed directory, so the next run ends it first.
 */
function stopLeftover(dir: string): void {
  const pidFile = path.join(dir, "nginx.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  try {
    if (Number.isInteger(pid) && pid > 0 && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("nginx"))
      process.kill(pid, "SIGTERM");
  } catch {
    // Gone already.
  }
}

function parseLog(text: string): NginxLogEntry[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const raw = JSON.parse(line) as {
        method: string;
        uri: string;
        status: number;
        upstreams: string;
        upstreamStatuses: string;
      };
      // nginx joins the tries with ", " (and internal redirects with " : "); addresses hold a colon.
      const list = (value: string) => (value === "" ? [] : value.split(/\s*,\s*|\s+:\s+/));
      return {
        method: raw.method,
        uri: raw.uri,
        status: raw.status,
        upstreams: list(raw.upstreams),
        upstreamStatuses: list(raw.upstreamStatuses),
      };
    });
}

const PORTS_LOCK = path.join(os.tmpdir(), `daybook-nginx-${NGINX_PORT}.lock`);

/**
 * Holds port 8080 and the instances' ports for this process until the returned release is called
 * (or the process ends): the unit tests' nginx test and the end-to-end cluster test run side by side
 * in `npm test`, and each needs all three. Waits while another live process holds them; takes them
 * over from one that died holding them. The lock is a directory, whose creation is atomic.
 */
export async function holdNginxPorts(waitMs = 15 * 60_000): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(PORTS_LOCK);
      writeFileSync(path.join(PORTS_LOCK, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(path.join(PORTS_LOCK, "pid"), "utf8"));
      } catch {
        // Created a moment ago, its pid not written yet: wait for it like for any holder.
      }
      if (Number.isInteger(holder) && !isProcessAlive(holder)) rmSync(PORTS_LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(
          `the nginx test ports (${NGINX_PORT}, ${INSTANCE_PORTS.join(", ")}) stayed held by process ${holder}`,
        );
      else await sleep(250);
    }
  }
  const release = () => {
    process.off("exit", release);
    rmSync(PORTS_LOCK, { recursive: true, force: true });
  };
  process.on("exit", release);
  return release;
}

/** Starts nginx on daybook.conf and resolves once it accepts connections on port 8080. */
export async function startNginx(): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(MISSING_NGINX);
  const dir = path.join(os.tmpdir(), `daybook-nginx-${NGINX_PORT}`);
  stopLeftover(dir);
  for (let waited = 0; (await listening(NGINX_PORT)) && waited < 5_000; waited += 100) await sleep(100);
  if (await listening(NGINX_PORT))
    throw new Error(`port ${NGINX_PORT}, which deploy/nginx/daybook.conf listens on, is taken by another process`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Run as root, nginx's workers run as nobody and must reach their temporary directories.
  chmodSync(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, nginxConf(dir));

  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const read = (name: string) => {
    try {
      return readFileSync(path.join(dir, name), "utf8");
    } catch {
      return "";
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: nginx's graceful stop; requests in progress finish.
      child.kill("SIGQUIT");
      await Promise.race([exited(child), sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await listening(NGINX_PORT))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const reason = `${stderr}${read("error.log")}`.trim();
      await stop();
      throw new Error(`nginx did not start on port ${NGINX_PORT}: ${reason || "no message"}`);
    }
    await sleep(50);
  }
  return {
    url: `http://localhost:${NGINX_PORT}`,
    accessLog: () => parseLog(read("access.log")),
    errors: () => read("error.log"),
    stop,
  };
}
