// The end-to-end suite's last check (e2e/support/global-teardown.ts): no secret in what the server
// and the simulator logged. Secrets are looked for by value (the keys in use, the session cookies
// the browser held, every identification number and date of birth the simulator served) and by
// shape (anything shaped like a key, a session token or a password hash), so a secret the suite did
// not record is still found. A finding names the kind of secret and where it is, never the secret.

export const LEAK_KINDS = [
  "api key",
  "session cookie",
  "password hash",
  "identification number",
  "date of birth",
] as const;

export type LeakKind = (typeof LEAK_KINDS)[number];

export interface LogText {
  /** How the report names the log: a file name. */
  name: string;
  text: string;
}

export interface Secrets {
  /** Partner API keys: the demo key and every key a test set. */
  apiKeys: Iterable<string>;
  /** Session cookie values the browser held during the run. */
  sessionCookies: Iterable<string>;
  identificationNumbers: Iterable<string>;
  /** Dates of birth, YYYY-MM-DD (the API sends them with T00:00:00). */
  datesOfBirth: Iterable<string>;
  /**
   * Lines allowed to hold a key, by pattern: the demo's banner names the simulator's published
   * demo key on purpose.
   */
  allowedKeyLines?: readonly RegExp[];
}

export interface Leak {
  kind: LeakKind;
  log: string;
  /** 1-based. */
  line: number;
}

const KEY_SHAPED = /[0-9a-f]{32}/i;
/** Auth.js's session token: a JWE (or a JWT), which begins with its JSON header, "eyJ". */
const TOKEN_SHAPED = /eyJ[\w-]{8,}(?:\.[\w-]*){2,4}/;
/** scrypt$N$r$p$salt$key, as lib/server/auth/password.ts stores a password. */
const HASH_SHAPED = /scrypt\$\d+\$\d+\$\d+\$[\w+/=]{8,}/;
const DATE = /\d{4}-\d{2}-\d{2}/g;
const TOKEN = /[A-Za-z0-9]+/g;
/**
 * A random UUID (a request's or an error's id): it can hold an 8-digit group that happens to equal
 * an all-digit identification number the simulator served, and is never a guest's.
 */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

const nonEmpty = (values: Iterable<string>) => [...new Set(values)].filter((value) => value.trim() !== "");

/** The longest run of letters and digits in a value: one token of a line must equal it for the value to be there. */
function anchorOf(value: string): string {
  return (value.match(TOKEN) ?? []).reduce((longest, part) => (part.length > longest.length ? part : longest), "");
}

/**
 * Values indexed by their anchor, so a line is checked against the few values sharing one of its
 * tokens rather than against every identification number of the run (thousands).
 */
function indexByAnchor(values: Iterable<string>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const value of nonEmpty(values)) {
    const anchor = anchorOf(value);
    if (anchor === "") continue;
    index.set(anchor, [...(index.get(anchor) ?? []), value]);
  }
  return index;
}

function holdsIndexed(line: string, index: Map<string, string[]>): boolean {
  for (const token of line.match(TOKEN) ?? []) {
    if (index.get(token)?.some((value) => line.includes(value))) return true;
  }
  return false;
}

/** Every line of every log that holds a secret, one finding per kind and line. */
export function findLeaks(logs: readonly LogText[], secrets: Secrets): Leak[] {
  const keys = nonEmpty(secrets.apiKeys).map((key) => key.toLowerCase());
  const cookies = nonEmpty(secrets.sessionCookies);
  const ids = indexByAnchor(secrets.identificationNumbers);
  const births = new Set(nonEmpty(secrets.datesOfBirth));
  const allowed = secrets.allowedKeyLines ?? [];

  const checks: Record<LeakKind, (line: string) => boolean> = {
    "api key": (line) => {
      if (allowed.some((pattern) => pattern.test(line))) return false;
      const lower = line.toLowerCase();
      return KEY_SHAPED.test(line) || keys.some((key) => lower.includes(key));
    },
    "session cookie": (line) => TOKEN_SHAPED.test(line) || cookies.some((cookie) => line.includes(cookie)),
    "password hash": (line) => HASH_SHAPED.test(line),
    "identification number": (line) => holdsIndexed(line.replace(UUID, " "), ids),
    "date of birth": (line) => (line.match(DATE) ?? []).some((date) => births.has(date)),
  };

  const leaks: Leak[] = [];
  for (const log of logs) {
    log.text.split("\n").forEach((line, at) => {
      for (const kind of LEAK_KINDS) if (checks[kind](line)) leaks.push({ kind, log: log.name, line: at + 1 });
    });
  }
  return leaks;
}

/** The findings by kind and log, with line numbers (the first few of each): never the secret itself. */
export function describeLeaks(leaks: readonly Leak[], shown = 10): string {
  const groups = new Map<string, number[]>();
  for (const leak of leaks) {
    const key = `${leak.kind} in ${leak.log}`;
    groups.set(key, [...(groups.get(key) ?? []), leak.line]);
  }
  return [...groups]
    .map(([where, lines]) => {
      const more = lines.length > shown ? ` and ${lines.length - shown} more` : "";
      return `  ${where}: line${lines.length > 1 ? "s" : ""} ${lines.slice(0, shown).join(", ")}${more}`;
    })
    .join("\n");
}
