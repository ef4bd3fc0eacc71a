import fs from "node:fs";

import { log } from "@/lib/server/log";

/**
 * Creates a directory only its owner may enter (0700): the embedded database holds guests'
 * personal data, and the data directory holds the demo's generated secret beside it. A directory
 * that exists with looser permissions is tightened, with a warning; when that is not allowed (not
 * its owner), the warning says what to do, and start-up goes on.
 */
export function ensurePrivateDirectory(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  // Not on Windows, where the mode bits mean nothing.
  if (process.platform === "win32") return;
  const mode = fs.statSync(directory).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  const shown = `0${mode.toString(8)}`;
  try {
    fs.chmodSync(directory, 0o700);
    log.warn(`db: ${directory} was open to other users (mode ${shown}); it is now 0700`);
  } catch {
    log.warn(
      `db: ${directory} is open to other users (mode ${shown}) and Daybook may not change that; run chmod 700 on it`,
    );
  }
}
