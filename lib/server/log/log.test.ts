import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { onRequestError } from "@/instrumentation";
import { processSlot } from "@/lib/server/process-state";

import { installConsoleRedaction } from "./console";
import { configureLog, log, logFailure, withLogAtLeast } from "./index";

const KEY = "feedface000000000000000000000001";
const HASH = "scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=";

const METHODS = ["log", "info", "debug", "warn", "error"] as const;

interface Line {
  level: string;
  msg: string;
  [field: string]: unknown;
}

/** What the logger wrote, one parsed JSON line each. */
let lines: Line[];
let saved: Record<(typeof METHODS)[number], (...args: unknown[]) => void>;

beforeEach(() => {
  lines = [];
  saved = Object.fromEntries(METHODS.map((method) => [method, console[method]])) as typeof saved;
  configureLog({ level: "info", format: "json", destination: { write: (text) => void lines.push(JSON.parse(text)) } });
});

afterEach(() => {
  for (const method of METHODS) console[method] = saved[method];
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("daybook.console.installed")];
  processSlot("log.logger").clear();
});

describe("the one log", () => {
  it("writes JSON lines with the level's name, redacting Daybook's own lines and keeping e-mails only where a line asks", () => {
    log.warn(`partner-api: detail echoed ${KEY}`);
    log.info("created a@example.com", { keep: ["e-mail"] });
    log.error("for a@example.com");
    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: "warn", msg: "partner-api: detail echoed [redacted api key]" },
      { level: "info", msg: "created a@example.com" },
      { level: "error", msg: "for [redacted e-mail]" },
    ]);
    expect(lines[0]).toHaveProperty("time");
    expect(lines[0]).toHaveProperty("pid", process.pid);
  });

  it("carries fields, redacted too, and drops lines below the level", () => {
    configureLog({
      level: "warn",
      format: "json",
      destination: { write: (text) => void lines.push(JSON.parse(text)) },
    });
    log.info("not written");
    log.warn("request", { fields: { route: "/guests", status: 200, note: `for ${KEY}` } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request", route: "/guests", status: 200, note: "for [redacted api key]" });
  });

  it("a bulk job's scope keeps its info lines out and lets warnings through, only within the scope", async () => {
    await withLogAtLeast("warn", async () => {
      log.info("call 1 of 100");
      await Promise.resolve();
      log.info("call 2 of 100");
      log.warn("call 3 of 100 retried");
    });
    log.info("pulled 100 days");
    expect(lines.map((line) => line.msg)).toEqual(["call 3 of 100 retried", "pulled 100 days"]);
  });

  it("names a failure by its name and code, never its message", () => {
    const error = Object.assign(new Error(`Failed query: insert\nparams: a@example.com,${HASH}`), { code: "23505" });
    logFailure("admin: creating an account", error);
    expect(lines.map((line) => line.msg)).toEqual(["admin: creating an account failed (Error 23505)"]);
  });

  it("in the server, whatever anyone writes with console.* becomes a redacted log line, errors and objects included", () => {
    installConsoleRedaction({ intoLog: true });
    installConsoleRedaction({ intoLog: true }); // twice is once
    const driverError = new Error(`Failed query: insert into "users" values ($1, $2)\nparams: a@example.com,${HASH}`);
    console.error("⨯", driverError);
    console.log({ headers: { "x-api-key": KEY }, guest: { identificationNumber: "D1234567" } });
    console.warn("cookie %s", "authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2In0..abc.def.ghi");
    const all = JSON.stringify(lines);
    for (const secret of [HASH, "a@example.com", KEY, "D1234567", "eyJhbGci"]) expect(all).not.toContain(secret);
    expect(lines.map((line) => line.level)).toEqual(["error", "info", "warn"]);
    expect(lines[0]?.msg).toContain('Failed query: insert into "users" values ($1, $2)');
  });

  it("in a command, console keeps its own output, redacted", () => {
    const written: string[] = [];
    for (const method of METHODS)
      console[method] = (...args: unknown[]) => void written.push(args.map(String).join(" "));
    installConsoleRedaction({ intoLog: false });
    console.log(`the key is ${KEY}`);
    expect(written).toEqual(["the key is [redacted api key]"]);
    expect(lines).toEqual([]);
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
    expect(lines.map((line) => line.msg)).toEqual([
      "daybook: GET render /guests failed (DatabaseQueryError 23505) digest 42",
    ]);
  });
});
