// Opens the embedded database from a process of its own and holds it until a signal, as the server
// and the command-line scripts do: `node --import tsx hold-database-child.ts <dataDir>`. Prints
// "holding" once open; on SIGTERM or SIGINT it closes the database and exits 0.
import { openDatabase } from "@/lib/server/db/open";
import { exitOnSignals, onShutdown } from "@/lib/server/shutdown";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: hold-database-child.ts <dataDir>");
const opened = await openDatabase({ dataDir });
onShutdown("db", opened.close);
exitOnSignals(0);
console.log("holding");
// Keeps the process alive until the signal.
setInterval(() => {}, 1 << 30);
