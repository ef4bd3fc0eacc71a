import "server-only";

import { getConfig } from "@/lib/server/config";
import { getAuthSecret } from "@/lib/server/config/auth-secret";

import { buildKeyring, type Keyring } from "./index";

let cached: Keyring | undefined;

/** The server's keyring: DAYBOOK_ENCRYPTION_KEY (or a key derived from AUTH_SECRET) and the keys before it. */
export function getKeyring(): Keyring {
  if (cached) return cached;
  const { encryption } = getConfig();
  cached = buildKeyring({
    encryptionKey: encryption.key,
    previousKey: encryption.previousKey,
    authSecret: getAuthSecret(),
  });
  return cached;
}
