// `npm run rotate-encryption-key`: re-encrypts every secret Daybook stores (the Partner API key set by
// an admin, and any other kept encrypted) under the current DAYBOOK_ENCRYPTION_KEY, on the same
// configuration and database as the server. The key they are under now comes from the environment
// as DAYBOOK_PREVIOUS_ENCRYPTION_KEY (an environment variable rather than a flag, so that it shows in
// no process list or shell history); for secrets stored before DAYBOOK_ENCRYPTION_KEY was set, that
// is the AUTH_SECRET they were stored under, and the current AUTH_SECRET is tried without being named.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { recordAudit } from "@/lib/server/audit/record";
import { ssoClientSecrets } from "@/lib/server/auth/sso-client-secret";
import { ConfigError, parseConfig } from "@/lib/server/config/schema";
import { openDatabase } from "@/lib/server/db/open";
import { buildKeyring } from "@/lib/server/encryption";
import { rotateSecrets, RotationError, type SecretStore } from "@/lib/server/encryption/rotate";
import { describeErrorForLog, log } from "@/lib/server/log";
import { installConsoleRedaction } from "@/lib/server/log/console";
import { apiKeySecrets } from "@/lib/server/partner-api/key";
import { matchKeySecrets } from "@/lib/server/privacy/match-key";
import { exitOnSignals, onShutdown } from "@/lib/server/shutdown";
import { totpSecrets } from "@/lib/server/totp";

/** Every table that keeps a secret encrypted (lib/server/encryption/rotate.ts, SecretStore). */
const STORES: readonly SecretStore[] = [apiKeySecrets, totpSecrets, matchKeySecrets, ssoClientSecrets];

const USAGE = `Usage: DAYBOOK_ENCRYPTION_KEY=new DAYBOOK_PREVIOUS_ENCRYPTION_KEY=old npm run rotate-encryption-key

Re-encrypts every stored secret under DAYBOOK_ENCRYPTION_KEY. DAYBOOK_PREVIOUS_ENCRYPTION_KEY is the
key they were stored under (for secrets stored before DAYBOOK_ENCRYPTION_KEY was set: the old
AUTH_SECRET; not needed while AUTH_SECRET is unchanged). All or nothing: if any secret is under a
key not given, nothing changes. Run it before restarting the servers with the new key, or after:
a server given DAYBOOK_PREVIOUS_ENCRYPTION_KEY reads either until then.
With the embedded database, stop Daybook first (one process at a time may open it).`;

class UsageError extends Error {}

/** The demo keeps a generated AUTH_SECRET in its data directory (lib/server/config/auth-secret.ts). */
function authSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  try {
    return readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  } catch {
    throw new UsageError("AUTH_SECRET is not set and this data directory has no generated one.");
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { help: { type: "boolean", short: "h" } }, allowPositionals: false });
  if (values.help) {
    log.info(USAGE);
    return 0;
  }
  const config = parseConfig(process.env);
  if (config.encryption.key === undefined) throw new UsageError("Set DAYBOOK_ENCRYPTION_KEY to the new key.");
  const keyring = buildKeyring({
    encryptionKey: config.encryption.key,
    previousKey: config.encryption.previousKey,
    authSecret: authSecret(config.authSecret, config.dataDir),
  });
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  onShutdown("db", opened.close);
  exitOnSignals(1, "Stopped: nothing was changed, and the database was closed cleanly.");
  try {
    const result = await opened.db.transaction(async (tx) => {
      const rotated = await rotateSecrets(tx, keyring, STORES);
      await recordAudit(tx, {
        action: "encryption_key.rotate",
        actor: null,
        target: `key ${rotated.keyId}`,
        details: {
          by: "command line",
          ...Object.fromEntries(rotated.stores.map((store) => [store.name, store.reencrypted])),
        },
      });
      return rotated;
    });
    for (const store of result.stores) {
      log.info(`${store.name}: ${store.reencrypted} re-encrypted, ${store.current} already under the current key.`);
    }
    log.info(`Every stored secret is now under key ${result.keyId}. DAYBOOK_PREVIOUS_ENCRYPTION_KEY may be removed.`);
    return 0;
  } finally {
    await opened.close();
  }
}

installConsoleRedaction();

main()
  .catch((error: unknown) => {
    if (error instanceof UsageError) log.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof RotationError) log.error(error.message);
    else log.error(`rotate-encryption-key: the command failed (${describeErrorForLog(error)})`);
    return error instanceof UsageError ? 2 : 1;
  })
  .then((code) => process.exit(code));
