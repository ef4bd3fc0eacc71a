import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { HEAP_MB, SERVER_NODE_FLAGS } from "./heap.mjs";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("the server's heap budget", () => {
  it("is the one every documented launch of the server passes", () => {
    expect(SERVER_NODE_FLAGS).toEqual([`--max-old-space-size=${HEAP_MB}`]);
    const flags = SERVER_NODE_FLAGS.join(" ");
    const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe(`node ${flags} scripts/server.mjs`);
    const unit = read("deploy/README.md")
      .split("\n")
      .filter((line) => line.startsWith("ExecStart=") && line.includes("scripts/server.mjs"));
    expect(unit.length).toBeGreaterThan(0);
    for (const line of unit) expect(line).toContain(`/usr/bin/node ${flags} scripts/server.mjs`);
    expect(read("scripts/demo.mjs")).toContain('[...SERVER_NODE_FLAGS, path.join(root, "scripts", "server.mjs")');
  });
});
