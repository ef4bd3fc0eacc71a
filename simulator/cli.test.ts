import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

import { FULL_KEY, USAGE } from "./test-support";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
}

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

  it("exits 2 with a clear message for bad flags", async () => {
    const cases = [
      ["--bogus"],
      ["--port", "http"],
      ["--port"],
      ["--fail-next", "teapot"],
      ["--now", "tomorrow"],
      ["--now", "2026-11-23T02:00:00"],
      ["--concurrency", "0"],
    ];
    const results = await Promise.all(cases.map((args) => exit(run(args))));
    results.forEach(({ code, stderr }, index) => {
      expect(code, cases[index]?.join(" ")).toBe(2);
      expect(stderr).toMatch(/^simulator: /);
    });
  });
});
