// `npm run user -- add|reset|reset-2fa|require-2fa|list|disable|enable|purge-demo`: account management for operators, on the same
// database and configuration as the server.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";

import { ROLES, type Role } from "@/lib/core/access";
import { recordAudit } from "@/lib/server/audit/record";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { readRequiredRoles, writeRequiredRoles } from "@/lib/server/auth/required-steps";
import { removeSecondFactor } from "@/lib/server/auth/second-factor";
import { findUserByEmail, insertUser, listUsers, setUserDisabled, setUserPassword } from "@/lib/server/auth/users";
import { ConfigError, parseConfig } from "@/lib/server/config/schema";
import { DEMO_EMAIL_DOMAIN, NotADemoDatabaseError, purgeDemoData } from "@/lib/server/db/mode";
import { openDatabase, type Database } from "@/lib/server/db/open";
import { describeErrorForLog, log } from "@/lib/server/log";
import { installConsoleRedaction } from "@/lib/server/log/console";
import { exitOnSignals, onShutdown } from "@/lib/server/shutdown";

/** A command's answer names accounts, and the password it generated, to the operator who asked. */
const ANSWER = { keep: ["e-mail", "password"] } as const;

const USAGE = `Usage:
  npm run user -- list
  npm run user -- add --email E --name N --role ${ROLES.join("|")} (--all | --properties "A,B") [--password-stdin]
  npm run user -- reset --email E [--password-stdin]
  npm run user -- reset-2fa --email E
  npm run user -- require-2fa --roles "admin,supervisor"   (or --roles none)
  npm run user -- disable --email E
  npm run user -- enable --email E
  npm run user -- purge-demo

purge-demo turns a database the demo set up into one a live Daybook starts on: it removes the demo's
accounts (and their sessions) and everything pulled from the simulator (stored days, pulls, reviews,
sign-offs, a stored API key). Accounts of other domains and the audit log are kept.

Without --password-stdin a strong password is generated and printed once; either way the person
chooses their own at the next sign-in. reset-2fa removes a lost authenticator app and recovery codes.
require-2fa chooses the roles that must sign in with a second factor, as Admin → Security does.
With the embedded database, stop Daybook first (one process at a time may open it).`;

class UsageError extends Error {}

function generatedPassword(): string {
  return randomBytes(15).toString("base64url");
}

async function readPassword(fromStdin: boolean | undefined): Promise<{ password: string; generated: boolean }> {
  if (!fromStdin) return { password: generatedPassword(), generated: true };
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  return { password, generated: false };
}

const BY_CLI = { by: "command line" };

async function run(
  db: Database,
  mode: "demo" | "live",
  command: string | undefined,
  flags: Record<string, string | boolean | undefined>,
) {
  const email = typeof flags.email === "string" ? flags.email : undefined;
  const needEmail = () => {
    if (!email) throw new UsageError("--email is required.");
    return email;
  };
  const existing = async () => {
    const user = await findUserByEmail(db, needEmail());
    if (!user) throw new UsageError(`No account has the e-mail ${email}.`);
    return user;
  };

  switch (command) {
    case "list": {
      for (const user of await listUsers(db)) {
        const access = user.allProperties ? "all properties" : user.properties.join(", ") || "no properties";
        log.info(`${user.email}\t${user.role}\t${user.disabledAt ? "disabled" : "active"}\t${access}`, ANSWER);
      }
      return;
    }
    case "add": {
      const role = flags.role as Role;
      if (!ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}.`);
      const properties = typeof flags.properties === "string" ? flags.properties.split(",") : [];
      if (!flags.all && properties.length === 0) throw new UsageError("Give --all or --properties.");
      const { password, generated } = await readPassword(flags["password-stdin"] === true);
      const name = typeof flags.name === "string" ? flags.name : needEmail();
      const user = await insertUser(db, {
        email: needEmail(),
        name,
        password,
        role,
        allProperties: flags.all === true,
        properties,
        passwordMustChange: true,
      });
      await recordAudit(db, { action: "user.create", actor: null, target: user.email, details: { ...BY_CLI, role } });
      log.info(`Created ${user.email} (${role}).${generated ? ` Password: ${password}` : ""}`, ANSWER);
      return;
    }
    case "reset": {
      const user = await existing();
      const { password, generated } = await readPassword(flags["password-stdin"] === true);
      await setUserPassword(db, user.id, password);
      await recordAudit(db, { action: "user.password_reset", actor: null, target: user.email, details: BY_CLI });
      log.info(
        `New password set for ${user.email}; its sessions have ended.${generated ? ` Password: ${password}` : ""}`,
        ANSWER,
      );
      return;
    }
    case "reset-2fa": {
      const user = await existing();
      if (!(await removeSecondFactor(db, user.id))) {
        log.info(`${user.email} has no two-factor sign-in; nothing changed.`, ANSWER);
        return;
      }
      await recordAudit(db, { action: "two_factor.reset", actor: null, target: user.email, details: BY_CLI });
      log.info(
        `Two-factor sign-in reset for ${user.email}: the password alone signs in until it is set up again.`,
        ANSWER,
      );
      return;
    }
    case "require-2fa": {
      if (typeof flags.roles !== "string")
        throw new UsageError('Name the roles: --roles "admin,supervisor", or --roles none.');
      const names =
        flags.roles === "none"
          ? []
          : flags.roles
              .split(",")
              .map((name) => name.trim())
              .filter(Boolean);
      const unknown = names.filter((name) => !(ROLES as readonly string[]).includes(name));
      if (unknown.length > 0) throw new UsageError(`Not a role: ${unknown.join(", ")}. Roles: ${ROLES.join(", ")}.`);
      const roles = ROLES.filter((role) => names.includes(role));
      const before = await readRequiredRoles(db, mode);
      await writeRequiredRoles(db, roles, null);
      await recordAudit(db, {
        action: "settings.two_factor_roles",
        actor: null,
        target: "two-factor sign-in",
        details: { ...BY_CLI, rolesBefore: before.roles, rolesAfter: roles },
      });
      log.info(
        roles.length === 0
          ? "No role must sign in with a second factor; anyone may still set one up."
          : `Must sign in with a second factor: ${roles.join(", ")}.`,
      );
      return;
    }
    case "disable":
    case "enable": {
      const user = await existing();
      await setUserDisabled(db, user.id, command === "disable");
      await recordAudit(db, {
        action: command === "disable" ? "user.disable" : "user.enable",
        actor: null,
        target: user.email,
        details: BY_CLI,
      });
      log.info(`${user.email} is now ${command === "disable" ? "disabled" : "enabled"}.`, ANSWER);
      return;
    }
    case "purge-demo": {
      let purged;
      try {
        purged = await purgeDemoData(db);
      } catch (error) {
        if (error instanceof NotADemoDatabaseError) throw new UsageError(error.message);
        throw error;
      }
      await recordAudit(db, {
        action: "demo.purge",
        actor: null,
        target: `*@${DEMO_EMAIL_DOMAIN}`,
        details: { ...BY_CLI, ...purged },
      });
      log.info(
        `Removed the demo's accounts (${purged.accounts.join(", ") || "none left"}), ${purged.storedReports} stored reports, ` +
          `${purged.syncRuns} pulls, ${purged.reviews} reviews, ${purged.signOffs} sign-offs and ${purged.apiKeys} stored API keys.`,
        ANSWER,
      );
      const kept = await listUsers(db);
      if (kept.length > 0) log.info(`Accounts kept: ${kept.map((user) => user.email).join(", ")}.`, ANSWER);
      log.info("The database is ready for a live Daybook.");
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : "Name a command.");
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      roles: { type: "string" },
      properties: { type: "string" },
      all: { type: "boolean" },
      "password-stdin": { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    log.info(USAGE);
    return;
  }
  const config = parseConfig(process.env);
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Stopped part-way (Ctrl-C), the command closes the database so that its lock is gone.
  onShutdown("db", opened.close);
  exitOnSignals(1, "Stopped: the database was closed cleanly.");
  try {
    await run(opened.db, config.mode, positionals[0], values);
  } finally {
    await opened.close();
  }
}

installConsoleRedaction();

main().catch((error: unknown) => {
  // Usage and configuration messages are Daybook's own words (the e-mail typed is the operator's);
  // anything else is named, never quoted: a driver's message may hold a statement's values.
  if (error instanceof UsageError) log.error(`${error.message}\n\n${USAGE}`, ANSWER);
  else if (error instanceof ConfigError) log.error(error.message);
  else log.error(`user: the command failed (${describeErrorForLog(error)})`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
