// `npm run privacy -- find|export|erase|restrict`: a guest's privacy request answered from the command
// line, with the same rules and audit as the Privacy requests screens (lib/features/privacy-requests).
// A document number is read from stdin (--document-number-stdin), never from an argument, so it is in
// no process list or shell history; nothing the command prints holds it. Exit codes: 0 done, 1 refused
// or failed (no such guest, a legal hold), 2 a usage error. Run under the react-server condition, as
// Next runs server code, like `npm run sync`.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

import { AppError } from "@/lib/core/errors";
import type { RequestKind } from "@/lib/core/privacy";
import * as requests from "@/lib/features/privacy-requests/service";
import type { PersonPlaces, PersonQuery } from "@/lib/features/privacy-requests/types";
import type { Database } from "@/lib/server/db/types";
import { log } from "@/lib/server/log";
import { exitOnSignals } from "@/lib/server/shutdown";

import { openCommandDatabase, readCommandConfig, runCommand } from "./command";

const USAGE = `Usage:
  npm run privacy -- find     (--name "First Last" --dob YYYY-MM-DD | --document-number-stdin)
  npm run privacy -- export   (who, as for find) --out FILE.zip [--reference REF]
  npm run privacy -- erase    (who, as for find) --reason TEXT [--reference REF] [--yes]
  npm run privacy -- restrict (who, as for find) --reason TEXT [--reference REF] [--yes]

find lists where Daybook holds the guest (stored arrivals, reviews, sign-off notes, reveals, exports).
export writes one zip (person.json, arrivals.csv, places.csv), readable by its owner only; it never
overwrites a file. erase removes the guest from every stored day (the days' figures stay); restrict
hides them from every screen and export, new arrivals included. Each export, erasure and restriction
is recorded as a privacy request of its kind, audited as the screens do. erase and restrict ask for
confirmation on a terminal; elsewhere they need --yes. The document number is read from stdin:
  printf '%s' "$NUMBER" | npm run privacy -- find --document-number-stdin`;

class UsageError extends Error {}

// The command line is the operator's: it answers for the whole group, as an admin does on screen.
const COMMAND: requests.Requester = { actor: null, by: "command line", scope: requests.WHOLE_GROUP };
const CTX = { clientAddress: null };

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").trim();
}

async function personOf(flags: Record<string, string | boolean | undefined>): Promise<PersonQuery> {
  const name = typeof flags.name === "string" ? flags.name : undefined;
  const dob = typeof flags.dob === "string" ? flags.dob : undefined;
  if (flags["document-number-stdin"]) {
    if (name || dob) throw new UsageError("Give --name and --dob, or --document-number-stdin, not both.");
    if (process.stdin.isTTY)
      throw new UsageError("--document-number-stdin reads the number from a pipe, not a terminal.");
    const documentNumber = await readStdin();
    if (!documentNumber) throw new UsageError("No document number came on stdin.");
    return { by: "document number", documentNumber };
  }
  if (!name || !dob) throw new UsageError("Say who: --name and --dob, or --document-number-stdin.");
  return { by: "name and date of birth", name, dateOfBirth: dob };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What Daybook holds, in lines: places and counts, never the guest's date of birth or number. */
function describePlaces(places: PersonPlaces): void {
  log.info(
    `Found ${plural(places.arrivals.length, "stored arrival")} on ${plural(places.days.length, "day")}` +
      (places.properties.length > 0 ? ` at ${places.properties.join(", ")}` : "") +
      ".",
  );
  for (const arrival of places.arrivals) {
    log.info(
      `  ${arrival.day}  ${arrival.propertyName}  ${arrival.endpoint === "guests" ? "guest arrival" : "criminal arrival"}` +
        `  checked in ${arrival.checkInAtUtc}  matched on ${arrival.matchedOn}  policy ${arrival.policy}` +
        (arrival.restricted ? "  (restricted)" : ""),
    );
  }
  if (places.possibleArrivals.length > 0) {
    // Possibly another guest of the same name: told, and left out of every step.
    log.info(
      `Possible matches, not included: ${plural(places.possibleArrivals.length, "arrival")} matching the name alone ` +
        "where the policy does not keep the date of birth; a request by document number finds them for certain.",
    );
    for (const arrival of places.possibleArrivals) {
      log.info(`  ${arrival.day}  ${arrival.propertyName}  policy ${arrival.policy}`);
    }
  }
  log.info(
    `Reviews: ${places.reviews.length}; sign-off notes naming them: ${places.signOffNotes.length}; ` +
      `identification reveals: ${places.reveals.length}; exports that included them: ${places.exports.length}.`,
  );
  for (const hold of places.legalHolds) {
    log.info(`Legal hold (${hold.policy}, ${hold.properties.join(", ")}): ${hold.reason}`);
  }
}

/** Asks on a terminal; refuses anywhere else (a script must say --yes). */
async function confirm(question: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    throw new UsageError("Not on a terminal, so nothing was asked and nothing was changed: add --yes to act.");
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} Type "yes" to go on: `)).trim());
  } finally {
    prompt.close();
  }
}

/** Writes the archive to a new file only its owner may read; an existing file is never replaced. */
async function writeNew(file: string, bytes: Uint8Array): Promise<void> {
  await writeFile(file, bytes, { flag: "wx", mode: 0o600 });
}

async function act(
  db: Database,
  kind: RequestKind,
  person: PersonQuery,
  flags: Record<string, string | boolean | undefined>,
): Promise<number> {
  const reference = typeof flags.reference === "string" ? flags.reference : null;
  const reason = typeof flags.reason === "string" ? flags.reason : "";
  const out = typeof flags.out === "string" ? flags.out : undefined;
  if (kind === "access" && !out) throw new UsageError("export needs --out FILE.zip.");
  if (kind !== "access" && !reason.trim()) throw new UsageError(`${flags.command} needs --reason.`);

  if (out && existsSync(out)) {
    log.error(`${out} already exists: choose another file (an export never overwrites one). Nothing was recorded.`);
    return 1;
  }
  const places = await requests.findPerson(db, COMMAND, person, CTX);
  if (places.arrivals.length === 0) {
    log.error("No stored arrival matches this guest: nothing was recorded or changed.");
    return 1;
  }
  describePlaces(places);
  if (kind === "erasure" && places.legalHolds.length > 0) {
    // Said before anything is recorded; the request below is refused the same way if it gets there.
    for (const hold of places.legalHolds) log.error(`Cannot erase: legal hold under ${hold.policy}: ${hold.reason}`);
  }
  const held = kind === "erasure" && places.legalHolds.length > 0;
  // Under a legal hold nothing will change: the refusal is recorded and audited without asking.
  if (kind !== "access" && !held) {
    const verb = kind === "erasure" ? "Erase" : "Restrict";
    if (!(await confirm(`${verb} ${plural(places.arrivals.length, "arrival")} of this guest?`, flags.yes === true))) {
      log.info("Nothing was changed.");
      return 1;
    }
  }
  const request = await requests.openRequest(db, COMMAND, { kind, reference, person }, CTX);
  if (kind === "access") {
    const { archive } = await requests.exportRequest(db, COMMAND, request.id, CTX);
    try {
      await writeNew(out!, archive);
    } catch (error) {
      // The request stays done and audited: the archive was made, only this file could not be written.
      const code = (error as NodeJS.ErrnoException).code;
      log.error(
        code === "EEXIST"
          ? `${out} already exists: choose another file (an export never overwrites one).`
          : `Cannot write ${out} (${code ?? "error"}); privacy request #${request.id} is recorded as done: export it again to another file.`,
      );
      return 1;
    }
    log.info(`Wrote ${out} (privacy request #${request.id}, done).`);
    return 0;
  }
  if (kind === "restriction") {
    const done = await requests.restrictRequest(db, COMMAND, request.id, { reason }, CTX);
    log.info(`Restricted (privacy request #${done.id}): ${done.outcome}.`);
    return 0;
  }
  const erased = await requests.eraseRequest(db, COMMAND, request.id, { reason }, CTX);
  if (!erased.ok) {
    const holds = erased.holds.map((hold) => `${hold.policy}: ${hold.reason}`).join("; ");
    await requests.closeRequest(db, COMMAND, request.id, { state: "refused", reason: `legal hold (${holds})` }, CTX);
    log.error(`Erasure refused (privacy request #${request.id}): legal hold (${holds}). Nothing was erased.`);
    return 1;
  }
  log.info(`Erased (privacy request #${erased.request.id}): ${erased.request.outcome}.`);
  return 0;
}

const KINDS: Record<string, RequestKind> = { export: "access", erase: "erasure", restrict: "restriction" };

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        name: { type: "string" },
        dob: { type: "string" },
        "document-number-stdin": { type: "boolean" },
        reason: { type: "string" },
        reference: { type: "string" },
        out: { type: "string" },
        yes: { type: "boolean" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    // parseArgs names the option it did not know, never a value.
    log.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    log.info(USAGE);
    return 0;
  }
  const command = positionals[0];
  if (command !== "find" && !(command && command in KINDS)) {
    log.error(`${command ? `Unknown command "${command}".` : "Name a command."}\n\n${USAGE}`);
    return 2;
  }
  if (!readCommandConfig()) return 1;
  exitOnSignals(1, "Stopped: the database was closed cleanly.");
  try {
    const person = await personOf(values);
    const db = await openCommandDatabase("Cannot answer the request");
    if (!db) return 1;
    if (command === "find") {
      const places = await requests.findPerson(db, COMMAND, person, CTX);
      if (places.arrivals.length === 0) {
        log.info("No stored arrival matches this guest.");
        return 1;
      }
      describePlaces(places);
      return 0;
    }
    return await act(db, KINDS[command]!, person, { ...values, command });
  } catch (error) {
    if (error instanceof UsageError) {
      log.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    // Daybook's own refusals (a bad date, a closed request) are its own words, never the values typed.
    if (error instanceof AppError) {
      log.error(error.message);
      return error.status === 400 ? 2 : 1;
    }
    throw error;
  }
}

runCommand("Cannot answer the privacy request", main);
