import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { onRequestError } from "@/instrumentation";

import { installConsoleRedaction } from "./console";
import { log, logFailure, ORIGINAL_CONSOLE } from "./index";

const KEY = "feedface000000000000000000000001";
const HASH = "scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=";

const METHODS = ["log", "info", "debug", "warn", "error"] as const;

/** What reaches the terminal, line by line: console's methods are swapped for recorders for each test. */
let written: string[];
let saved: Record<(typeof METHODS)[number], (...args: unknown[]) => void>;

beforeEach(() => {
  written = [];
  saved = Object.fromEntries(METHODS.map((method) => [method, console[method]])) as typeof saved;
  for (const method of METHODS) console[method] = (...args: unknown[]) => void written.push(args.map(String).join(" "));
});

afterEach(() => {
  for (const method of METHODS) console[method] = saved[method];
  delete (globalThis as { [ORIGINAL_CONSOLE]?: unknown })[ORIGINAL_CONSOLE];
});

describe("the one log", () => {
  it("redacts Daybook's own lines, and keeps e-mails only where a line asks", () => {
    log.warn(`partner-api: detail echoed ${KEY}`);
    log.info("created a@example.com", { keep: ["e-mail"] });
    log.error("for a@example.com");
    expect(written).toEqual([
      "partner-api: detail echoed [redacted api key]",
      "created a@example.com",
      "for [redacted e-mail]",
    ]);
  });

  it("names a failure by its name and code, never its message", () => {
    const error = Object.assign(new Error(`Failed query: insert\nparams: a@example.com,${HASH}`), { code: "23505" });
    logFailure("admin: creating an account", error);
    expect(written).toEqual(["admin: creating an account failed (Error 23505)"]);
  });

  it("once installed, whatever anyone writes with console.* is redacted too, errors and objects included", () => {
    installConsoleRedaction();
    installConsoleRedaction(); // twice is once
    const driverError = new Error(`Failed query: insert into "users" values ($1, $2)\nparams: a@example.com,${HASH}`);
    console.error("⨯", driverError);
    console.log({ headers: { "x-api-key": KEY }, guest: { identificationNumber: "D1234567" } });
    console.warn("cookie %s", "authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2In0..abc.def.ghi");
    log.info("created b@example.com", { keep: ["e-mail"] });
    const all = written.join("\n");
    for (const secret of [HASH, "a@example.com", KEY, "D1234567", "eyJhbGci"]) expect(all).not.toContain(secret);
    expect(all).toContain('Failed query: insert into "users" values ($1, $2)');
    // Daybook's own lines are redacted once, as they asked.
    expect(written.at(-1)).toBe("created b@example.com");
  });

  it("a failure that escapes a request is logged by route, name, code and digest only", async () => {
    const error = Object.assign(new Error(`params: ${HASH}`), {
      name: "DatabaseQueryError",
      code: "23505",
      digest: "42",
    });
    await onRequestError(
      error,
      { path: "/guests?q=Ada%20Lovelace", method: "GET", headers: { cookie: "authjs.session-token=x" } },
      { routerKind: "App Router", routePath: "/guests", routeType: "render", revalidateReason: undefined },
    );
    expect(written).toEqual(["daybook: GET render /guests failed (DatabaseQueryError 23505) digest 42"]);
  });
});
