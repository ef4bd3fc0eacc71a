// `npm run doctor`: a preflight of this installation, one line a check, ✓ when it holds, ✗ when it
// does not (and why), – when there is nothing to check. The configuration first: without a valid
// one nothing else is tried. Then the database (reached, its version, its migrations, read without
// applying any), the Partner API with the key Daybook would use (each endpoint, the properties the
// key reaches), this machine's clock against the API's, and the mail server when one is configured.
// Exit code 1 when any check failed, 0 otherwise. No key, password or report data is printed.
import { ConfigError, getConfig, type Config } from "@/lib/server/config";
import { apiKeys } from "@/lib/server/db/schema";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { log } from "@/lib/server/log";
import { describeMailServer, verifyMailServer } from "@/lib/server/mail/transport";
import { getActiveApiKey } from "@/lib/server/partner-api/key";
import { compareClocks } from "@/lib/server/preflight/clock";
import { probeDatabase, type DatabaseProbe } from "@/lib/server/preflight/database";
import { compareMigrations, describeMigrations, readJournal } from "@/lib/server/preflight/migrations";
import { listProperties, probePartnerApi } from "@/lib/server/preflight/partner-api";

import { runCommand } from "./command";

type Mark = "✓" | "✗" | "–";

let failed = false;

function report(mark: Mark, check: string, text: string, details: readonly string[] = []): void {
  if (mark === "✗") failed = true;
  log.info([`${mark} ${check}: ${text}`, ...details.map((line) => `    ${line}`)].join("\n"));
}

function checkConfiguration(): Config | null {
  try {
    const config = getConfig();
    const where = new URL(config.partnerApi.baseUrl).host;
    report(
      "✓",
      "Configuration",
      config.mode === "live"
        ? `valid (live, Partner API at ${where})`
        : `valid (demo, on the built-in simulator at ${where})`,
    );
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const count = error.problems.length;
    report("✗", "Configuration", `${count} problem${count === 1 ? "" : "s"}; nothing else was checked`, error.problems);
    return null;
  }
}

function checkDatabase(config: Config, probe: DatabaseProbe): void {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded, in ${config.dataDir}`;
  switch (probe.state) {
    case "open":
      report("✓", "Database", `${where} answers: ${probe.version}`);
      const migrations = compareMigrations(readJournal(), probe.appliedAt);
      report(migrations.ok ? "✓" : "✗", "Migrations", describeMigrations(migrations));
      return;
    case "unreachable":
      report("✗", "Database", `${where} cannot be reached: ${probe.reason}`);
      report("–", "Migrations", "not checked: the database cannot be reached");
      return;
    case "in-use":
      // A running Daybook has it open, which is how it should be: the files are not looked at meanwhile.
      report("✓", "Database", `${probe.message.replace(/; stop Daybook first[^]*$/, "")} (a running Daybook)`);
      report("–", "Migrations", "not checked while another process holds the embedded database (stop it to check)");
      return;
    case "not-created":
      report("✓", "Database", `${where}: not created yet; Daybook creates it when it first starts`);
      report("–", "Migrations", "none yet; Daybook applies them all when it first starts");
      return;
  }
}

/** The key Daybook would call with: the newest one an admin stored, else PARTNER_API_KEY (the demo's key in the demo). */
async function keyInUse(config: Config, probe: DatabaseProbe): Promise<{ key: string; says: string }> {
  const configured = config.mode === "live" ? "the configured key (PARTNER_API_KEY)" : "the demo key";
  if (probe.state === "not-created") return { key: config.partnerApi.apiKey, says: configured };
  if (probe.state !== "open") {
    return { key: config.partnerApi.apiKey, says: `${configured} (a key stored by an admin could not be looked for)` };
  }
  const db = probe.db;
  // A database not migrated yet has no table of stored keys: Daybook would call with the configured one.
  const stored = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .limit(1)
    .then(([row]) => row ?? null)
    .catch(() => undefined);
  if (stored === undefined) {
    return { key: config.partnerApi.apiKey, says: `${configured} (no key stored by an admin could be read)` };
  }
  if (!stored) return { key: config.partnerApi.apiKey, says: configured };
  const active = await getActiveApiKey(db, getKeyring(), config.partnerApi.apiKey);
  if (active.unreadable) {
    report(
      "✗",
      "Stored API key",
      "the key an admin stored cannot be decrypted with this DAYBOOK_ENCRYPTION_KEY (or AUTH_SECRET): " +
        `Daybook falls back to ${configured}. Use the encryption key the database was set up with, or set the key again on Admin`,
    );
    return { key: active.key, says: configured };
  }
  const setAt = active.setAt ? ` on ${active.setAt.toISOString().slice(0, 10)}` : "";
  return { key: active.key, says: `the key an admin stored${setAt}` };
}

async function checkPartnerApi(config: Config, database: DatabaseProbe): Promise<void> {
  const where = new URL(config.partnerApi.baseUrl).host;
  const using = await keyInUse(config, database);
  const probe = await probePartnerApi(config.partnerApi, using.key);
  const refused = probe.outcomes.filter((outcome) => !outcome.ok);
  if (refused.length === 0) {
    const properties = probe.properties ?? [];
    report(
      "✓",
      "Partner API",
      `${where} answers ${using.says} on ${probe.outcomes.map((outcome) => outcome.label).join(", ")}; ` +
        `it reaches ${properties.length} propert${properties.length === 1 ? "y" : "ies"}` +
        (properties.length > 0 ? `: ${listProperties(properties)}` : ""),
    );
  } else {
    const details = probe.outcomes.map((outcome) =>
      outcome.ok
        ? `${outcome.label}: answers`
        : `${outcome.label}: ${outcome.failure}${outcome.correlationId ? ` (correlation id ${outcome.correlationId})` : ""}`,
    );
    const every = refused.length === probe.outcomes.length;
    const unanswered = probe.clock === null;
    const what = unanswered
      ? "does not answer (is the address right, and the API reachable from here?)"
      : every
        ? `refused every endpoint with ${using.says}`
        : `refused ${refused.length} of ${probe.outcomes.length} endpoints with ${using.says}`;
    report("✗", "Partner API", `${where} ${what}`, details);
  }
  const clock = probe.clock ? compareClocks(probe.clock.localMs, probe.clock.date) : null;
  if (clock) report(clock.ok ? "✓" : "✗", "Clock", clock.text);
  else if (probe.clock) report("–", "Clock", "not compared: the Partner API's answer had no readable Date header");
  else report("–", "Clock", "not compared: the Partner API did not answer");
}

async function checkMail(config: Config): Promise<void> {
  const { transport } = config.mail;
  if (!transport) {
    report("–", "Mail", "none configured (SMTP_URL is unset): Daybook sends no e-mail");
    return;
  }
  if (transport.kind === "catcher") {
    report("–", "Mail", "the demo catches its own mail inside Daybook (set SMTP_URL for a real server)");
    return;
  }
  const server = describeMailServer() ?? "the mail server";
  try {
    await verifyMailServer();
    report("✓", "Mail", `${server} accepts a connection and Daybook's sign-in`);
  } catch (error) {
    const reply = error instanceof Error ? error.message : "no answer";
    report("✗", "Mail", `${server} cannot be used: ${reply}`);
  }
}

async function main(): Promise<number> {
  const config = checkConfiguration();
  if (!config) return 1;
  const probe = await probeDatabase(config);
  try {
    checkDatabase(config, probe);
    await checkPartnerApi(config, probe);
    await checkMail(config);
  } finally {
    if (probe.state === "open") await probe.close();
  }
  return failed ? 1 : 0;
}

runCommand("Cannot check", main);
