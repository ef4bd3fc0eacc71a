/**
 * Takes secrets and guest identifiers out of text bound for a log. Logs are read by more people, and
 * kept longer, than the data they describe, so every line Daybook's server writes passes through
 * here (lib/server/log), whoever wrote it: Daybook's code, a library, or Next itself.
 *
 * Matching is by shape (an API key is 32 hexadecimal characters wherever it stands) and by the name
 * a value is given (`"dateOfBirth":"…"`, `cookie: …`), so a secret is caught whether it comes alone
 * or inside a driver's message. The shapes are Daybook's own: scrypt hashes as
 * lib/server/auth/password.ts writes them, Auth.js's session tokens (JWT and JWE), the ID numbers and
 * the midnight dates the Partner API sends. Pure: no I/O, usable from scripts and tests alike.
 */

export const SECRET_KINDS = [
  "query parameters",
  "header or cookie",
  "session token",
  "password hash",
  "api key",
  "e-mail",
  "identification number",
  "date of birth",
  "password",
] as const;

export type SecretKind = (typeof SECRET_KINDS)[number];

export interface RedactOptions {
  /**
   * Kinds left in, for a line that exists to show them: e-mail addresses where a line names accounts
   * (the first accounts created at start-up, a command's answer), a password where a command prints
   * the one it generated. Keys, hashes, tokens and guest data never are.
   */
  keep?: readonly ("e-mail" | "password")[];
}

const marker = (kind: SecretKind) => `[redacted ${kind}]`;

/** A value after a name: optional quotes around the name, `:` or `=`, optional quotes around the value. */
const named = (names: string, value = String.raw`[^"',;\s}\]][^"',;}\]\n]*`) =>
  new RegExp(String.raw`(["']?\b(?:${names})\b["']?\s*[:=]\s*["']?)(${value})`, "gi");

interface Rule {
  kind: SecretKind;
  pattern: RegExp;
  /** How a match is replaced; by default the whole match becomes the kind's marker. */
  replace?: (match: string, ...groups: string[]) => string;
}

const keepName = (kind: SecretKind) => (_match: string, name: string) => `${name}${marker(kind)}`;

/**
 * In order: whole parameter lists first (drizzle's "params: …", PostgreSQL's "Key (email)=(…)"),
 * then values by name, then values by shape.
 */
const RULES: readonly Rule[] = [
  // DrizzleQueryError: "Failed query: <sql>\nparams: <every bound value>". The statement stays.
  { kind: "query parameters", pattern: /(\bparams:[ \t]*)[^\n]*/g, replace: keepName("query parameters") },
  // PostgreSQL's detail for a constraint: Key (email)=(someone@example.com) already exists.
  {
    kind: "query parameters",
    pattern: /(\bKey \([^)\n]*\)=\()[^\n]*/g,
    replace: (_match, start) => `${start}${marker("query parameters")})`,
  },
  {
    kind: "header or cookie",
    // A cookie header holds several cookies: all of it goes, up to the quote or the end of the line.
    pattern: named(
      "cookie|set-cookie|authorization|x-api-key|api[_-]?key|proxy-authorization",
      String.raw`[^"'\s][^"'\n]*`,
    ),
    replace: (_match, name) => `${name}[redacted]`,
  },
  // A session cookie by its name, wherever it is quoted: authjs.session-token=…, __Secure-authjs.…
  {
    kind: "header or cookie",
    pattern: /((?:__Secure-|__Host-)?(?:authjs|next-auth)\.[\w.-]+=)[^;,\s"']+/gi,
    replace: keepName("header or cookie"),
  },
  { kind: "password", pattern: named("password|passwd|new_?password"), replace: keepName("password") },
  {
    kind: "password hash",
    pattern: named("password_?hash|passwordHash"),
    replace: keepName("password hash"),
  },
  {
    kind: "date of birth",
    pattern: named("date_?of_?birth|dateOfBirth|birth_?date|dob"),
    replace: keepName("date of birth"),
  },
  {
    kind: "identification number",
    pattern: named("identification_?number|identificationNumber|id_?number|document_?number"),
    replace: keepName("identification number"),
  },
  // JWT (three parts) and JWE (five, the second empty for "dir"): both begin with a JSON header, "eyJ".
  { kind: "session token", pattern: /\beyJ[\w-]{8,}(?:\.[\w-]*){1,4}/g },
  // scrypt$N$r$p$salt$key, as lib/server/auth/password.ts stores it.
  { kind: "password hash", pattern: /\bscrypt\$[\w+/=$.]+/g },
  // Any run of 32 hexadecimal characters: the shape of a Partner API key, inside longer runs too.
  { kind: "api key", pattern: /[0-9a-f]{32,}/gi },
  { kind: "e-mail", pattern: /[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  // The API's dates without a zone, at midnight: dates of birth and document expiry, never a Daybook time.
  { kind: "date of birth", pattern: /\b\d{4}-\d{2}-\d{2}T00:00:00(?![.\d]|Z|[+-]\d)/g },
  // ID numbers: capitals then digits, in groups (D1234567, T1234-123456-12, MH12 12345678901,
  // MORGA123456J9AB), at least 6 digits in all; or 8 to 9 digits alone. Lower-case hex (UUIDs,
  // correlation ids) and parts of longer words or numbers are left alone.
  {
    kind: "identification number",
    pattern: /(?<![\w.:/-])(?:[A-Z]{1,5}\d[\dA-Z]*(?:[ -]\d[\dA-Z]*){0,3}|\d{8,9})(?![\w:/-]|\.\d)/g,
    replace: (match) => ((match.match(/\d/g)?.length ?? 0) >= 6 ? marker("identification number") : match),
  },
];

/** `text` with every secret the rules know replaced by a marker naming its kind. */
export function redact(text: string, options: RedactOptions = {}): string {
  let out = text;
  for (const rule of RULES) {
    if ((rule.kind === "e-mail" || rule.kind === "password") && options.keep?.includes(rule.kind)) continue;
    out = out.replace(rule.pattern, (match: string, ...rest: unknown[]) => {
      if (!rule.replace) return marker(rule.kind);
      // After the groups come the offset (a number) and the whole text: only the groups are passed on.
      const groups = rest.slice(
        0,
        rest.findIndex((value) => typeof value === "number"),
      );
      return rule.replace(match, ...groups.map((group) => (typeof group === "string" ? group : "")));
    });
  }
  return out;
}
