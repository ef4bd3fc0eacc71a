import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

import { FULL_KEY, USAGE } from "./test-support";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
}

const tempDir = mkdtempSync(path.join(tmpdir(), "daybook-simulator-cli-"));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

function exit(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Partner API simulator listening on (http:\/\/\S+)$/m.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code} before listening: ${out}`)));
  });
}

describe("command line", () => {
  it("prints the listening line, applies --fail-next, and exits cleanly on SIGTERM", async () => {
    const child = run(["--port", "0", "--quiet", "--now", "2026-11-23T02:00:00Z", "--fail-next", "429,500"]);
    const ended = exit(child);
    const url = await listening(child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await fetch(`${url}${USAGE}`, { headers: { "X-API-Key": FULL_KEY } })).status);
    expect(statuses).toEqual([429, 500, 200]);
    child.kill("SIGTERM");
    expect((await ended).code).toBe(0);
  });

  it("--log-file puts the request lines in a file of its own, one run at a time, readable by its owner only", async () => {
    const file = path.join(tempDir, "requests.log");
    // A file left from before, wider than it should be: emptied and narrowed on start.
    writeFileSync(file, "GET /an/older/run -> 200 1ms\n");
    chmodSync(file, 0o644);

    for (const prefix of ["/first", "/second"]) {
      const child = run(["--port", "0", "--now", "2026-11-23T02:00:00Z", "--log-file", file]);
      const ended = exit(child);
      const url = await listening(child);
      const answer = await fetch(`${url}${prefix}${USAGE}?unexpected=1`, { headers: { "X-API-Key": FULL_KEY } });
      expect(answer.status).toBe(400);
      child.kill("SIGTERM");
      const { code, stderr } = await ended;
      expect(code).toBe(0);
      expect(stderr).toBe("");
      // Exactly this run's one request: the earlier contents are gone.
      expect(readFileSync(file, "utf8")).toMatch(
        new RegExp(`^GET ${prefix}${USAGE} \\{"unexpected":"1"\\} -> 400 \\d+ms\\n$`),
      );
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it("exits 1 when the log file cannot be opened", async () => {
    const { code, stderr } = await exit(run(["--port", "0", "--log-file", path.join(tempDir, "missing", "r.log")]));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^simulator: ENOENT/);
  });

  it("exits 2 with a clear message for bad flags", async () => {
    const cases = [
      ["--bogus"],
      ["--port", "http"],
      ["--port"],
      ["--fail-next", "teapot"],
      ["--now", "tomorrow"],
      ["--now", "2026-11-23T02:00:00"],
      ["--concurrency", "0"],
      ["--log-file", ""],
      ["--quiet", "--log-file", path.join(tempDir, "both.log")],
    ];
    const results = await Promise.all(cases.map((args) => exit(run(args))));
    results.forEach(({ code, stderr }, index) => {
      expect(code, cases[index]?.join(" ")).toBe(2);
      expect(stderr).toMatch(/^simulator: /);
    });
  });
});
