// Opens the embedded database from a process of its own: `node --import tsx open-database-child.ts <dataDir>`.
// Prints "opened" or the error's message; exits 1 on an error.
import { openDatabase } from "@/lib/server/db/open";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: open-database-child.ts <dataDir>");
try {
  const opened = await openDatabase({ dataDir });
  await opened.close();
  console.log("opened");
} catch (error) {
  console.log(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
