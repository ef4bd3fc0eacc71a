// One Daybook instance's report loads, from a process of its own:
// `node --conditions=react-server --import tsx reports-child.ts <loads>`, configured by the
// environment as Daybook is. Waits for "go" on stdin, so that instances start together, then
// loads yesterday's usage report <loads> times at once and prints each outcome as JSON.
import { createInterface } from "node:readline";

import { getUsageReport } from "@/lib/features/reports/server";
import { closeDb, getDb } from "@/lib/server/db";

const loads = Number(process.argv[2] ?? "1");
await getDb();
console.log("ready");
await new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line.trim() === "go") {
      lines.close();
      resolve();
    }
  });
});
const outcomes = await Promise.allSettled(
  Array.from({ length: loads }, () => getUsageReport({ allProperties: true, properties: [] })),
);
console.log(
  JSON.stringify(
    outcomes.map((outcome) =>
      outcome.status === "fulfilled" ? outcome.value.reportedDateLocal : `failed: ${String(outcome.reason)}`,
    ),
  ),
);
await closeDb();
// Nothing else is to be done: stdin and idle connections to the simulator need not hold the process.
process.exit(0);
