import "server-only";

import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { getConfig } from "./index";

let cached: string | undefined;

/**
 * AUTH_SECRET signs session cookies and, through a derived key, encrypts the stored API key.
 * Demo mode needs no set-up: a secret is generated once and kept in the data directory.
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  const config = getConfig();
  if (config.authSecret) return (cached = config.authSecret);
  const file = path.join(config.dataDir, "auth-secret");
  try {
    cached = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    cached = randomBytes(32).toString("base64url");
    // "wx": if another process wrote it first, use theirs.
    try {
      writeFileSync(file, cached, { mode: 0o600, flag: "wx" });
    } catch {
      cached = readFileSync(file, "utf8").trim();
    }
  }
  return cached;
}
