import type { Property } from "./data/properties";
import type { Endpoint } from "./keys";

export interface QueryPair {
  readonly name: string;
  readonly value: string;
}

export type QueryParse = { ok: true; pairs: QueryPair[] } | { ok: false; detail: string };

/** Splits the raw request target without URL normalisation, which would rewrite `//` and `..`. */
export function splitTarget(rawUrl: string): { path: string; rawQuery: string } {
  if (!rawUrl.startsWith("/")) {
    try {
      const absolute = new URL(rawUrl);
      return { path: absolute.pathname, rawQuery: absolute.search.slice(1) };
    } catch {
      return { path: rawUrl, rawQuery: "" };
    }
  }
  const withoutFragment = rawUrl.split("#", 1)[0] ?? "";
  const mark = withoutFragment.indexOf("?");
  return mark < 0
    ? { path: withoutFragment, rawQuery: "" }
    : { path: withoutFragment.slice(0, mark), rawQuery: withoutFragment.slice(mark + 1) };
}

const ROUTES: ReadonlyArray<[RegExp, Endpoint]> = [
  [/\/api\/public\/v1\/guests$/, "guests"],
  [/\/api\/public\/v1\/criminal-arrivals$/, "criminal-arrivals"],
  [/\/api\/public\/v1\/usage\/dashboard$/, "usage"],
];

/** Any path prefix is accepted, so a client can be configured with a base URL such as `…/partner`. */
export function matchEndpoint(path: string): Endpoint | null {
  for (const [pattern, endpoint] of ROUTES) if (pattern.test(path)) return endpoint;
  return null;
}

/** The path from `/api/public/v1/` on (the whole path when it has no such part). */
export function apiPath(path: string): string {
  const at = path.indexOf("/api/public/v1/");
  return at < 0 ? path : path.slice(at);
}

function decodeComponent(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}

export function parseQuery(rawQuery: string): QueryParse {
  const pairs: QueryPair[] = [];
  for (const part of rawQuery.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? "" : part.slice(eq + 1);
    let name: string;
    let value: string;
    try {
      name = decodeComponent(rawName);
      value = decodeComponent(rawValue);
    } catch {
      return { ok: false, detail: `The query string contains a malformed percent-encoding in "${part}".` };
    }
    if (name === "") return { ok: false, detail: "The query string contains a parameter without a name." };
    pairs.push({ name, value });
  }
  return { ok: true, pairs };
}

/** Best-effort view of the query for the request log; never throws. */
export function queryForLog(rawQuery: string): Record<string, string | string[]> {
  const safe = (text: string): string => {
    try {
      return decodeComponent(text);
    } catch {
      return text;
    }
  };
  // A Map, then fromEntries: a parameter called `__proto__` must stay an ordinary key.
  const collected = new Map<string, string | string[]>();
  for (const part of rawQuery.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = safe(eq < 0 ? part : part.slice(0, eq));
    const value = safe(eq < 0 ? "" : part.slice(eq + 1));
    const previous = collected.get(name);
    collected.set(
      name,
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value],
    );
  }
  return Object.fromEntries(collected);
}

/** Casing and spacing are forgiven ("harbourviewhotel" finds "Harbour View Hotel"); nothing else is. */
export function normalizePropertyName(name: string): string {
  return name.normalize("NFC").toLowerCase().replace(/\s+/gu, "");
}

export type PropertyMatch =
  { kind: "found"; property: Property } | { kind: "not_found" } | { kind: "ambiguous"; count: number };

export function matchProperty(requested: string, properties: readonly Property[]): PropertyMatch {
  const wanted = normalizePropertyName(requested);
  const matches = properties.filter((property) => normalizePropertyName(property.name) === wanted);
  const [only] = matches;
  if (matches.length === 1 && only) return { kind: "found", property: only };
  return matches.length === 0 ? { kind: "not_found" } : { kind: "ambiguous", count: matches.length };
}
