import { describe, expect, it } from "vitest";

import { redact } from "@/lib/core/redact";
import { DEMO_KEY } from "@/simulator/keys";
import { servedGuests } from "@/simulator/served";
import { DEFAULT_SEED } from "@/simulator/server";

import { describeLeaks, findLeaks, type Secrets } from "./log-leaks";

const SET_KEY = "0123456789abcdef0123456789abcdef";
const COOKIE = "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..c2Vzc2lvbg.Y2lwaGVydGV4dA.dGFn";
const OPAQUE_COOKIE = "opaque-cookie-value-9f8e7d";
const HASH = "scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=";
const BANNER = /^Partner API simulator: \S+ \(demo key [0-9a-f]{32}\)$/;

/** One arriving guest of a real simulator day: what the e2e suite's simulator serves. */
const [guest] = servedGuests({
  seed: DEFAULT_SEED,
  large: false,
  days: [{ propertyId: "harbour-view", date: "2026-11-22" }],
});
const ID = guest!.identificationNumber;
const BIRTH = guest!.dateOfBirth.slice(0, 10);

const secrets: Secrets = {
  apiKeys: [DEMO_KEY, SET_KEY],
  sessionCookies: [COOKIE, OPAQUE_COOKIE],
  identificationNumbers: [ID, "", "MH12 12345678901", "76148501"],
  datesOfBirth: [BIRTH],
  allowedKeyLines: [BANNER],
};

describe("the log scan after the e2e suite", () => {
  it("finds nothing in a clean log: Daybook's own lines, the demo banner, redacted secrets", () => {
    const server = [
      "Daybook: created the first accounts: admin@daybook.demo",
      `Partner API simulator: http://127.0.0.1:4450 (demo key ${DEMO_KEY})`,
      "partner-api: guests failed with 502 internal_error (correlation 1f0c5b2e-12a4-4c1e-9a3b-0d2e4f6a8b1c)",
      "sync: scheduled pull ok (reported day 2026-11-22)",
      redact(`Failed query: insert\nparams: ${HASH},${ID},${guest!.dateOfBirth}`),
      redact(`{"X-API-Key":"${SET_KEY}","cookie":"authjs.session-token=${COOKIE}"}`),
      // A request id whose first group happens to be an all-digit identification number served.
      "INFO: GET /criminal-arrivals 200 in 14 ms [request 76148501-af48-4b7f-8b02-5d182a2b363f]",
    ].join("\n");
    expect(ID).not.toBe("");
    expect(findLeaks([{ name: "server.log", text: server }], secrets)).toEqual([]);
  });

  it("fails a deliberate leak of each kind, saying which kind leaked where", () => {
    const server = [
      "fine",
      `partner-api: detail echoed ${SET_KEY}`,
      `Failed query: insert into "users"\nparams: a@example.com,${HASH}`,
      `cookie ${OPAQUE_COOKIE}`,
      `token ${COOKIE}`,
      `guest {"identificationNumber":"${ID}","dateOfBirth":"${BIRTH}T00:00:00"}`,
      "guest MH12 12345678901 arrived",
      // The banner's pattern allows the demo key on that line only.
      `GET /x -> 200 key ${DEMO_KEY}`,
    ].join("\n");
    const simulator = `GET /api/public/v1/guests {"q":"${ID}"} -> 200 3ms`;
    const leaks = findLeaks(
      [
        { name: "server.log", text: server },
        { name: "simulator-requests.log", text: simulator },
      ],
      secrets,
    );
    expect(leaks).toEqual([
      { kind: "api key", log: "server.log", line: 2 },
      { kind: "password hash", log: "server.log", line: 4 },
      { kind: "session cookie", log: "server.log", line: 5 },
      { kind: "session cookie", log: "server.log", line: 6 },
      { kind: "identification number", log: "server.log", line: 7 },
      { kind: "date of birth", log: "server.log", line: 7 },
      { kind: "identification number", log: "server.log", line: 8 },
      { kind: "api key", log: "server.log", line: 9 },
      { kind: "identification number", log: "simulator-requests.log", line: 1 },
    ]);
    const report = describeLeaks(leaks);
    expect(report).toContain("api key in server.log: lines 2, 9");
    expect(report).toContain("identification number in simulator-requests.log: line 1");
    for (const secret of [SET_KEY, DEMO_KEY, HASH, COOKIE, OPAQUE_COOKIE, ID, BIRTH])
      expect(report).not.toContain(secret);
  });

  it("finds a key or a session token by its shape, even one the suite never recorded", () => {
    const text = `a ${"c0ffee00".repeat(4)} b\nc eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl d`;
    expect(findLeaks([{ name: "l", text }], { ...secrets, apiKeys: [], sessionCookies: [] })).toEqual([
      { kind: "api key", log: "l", line: 1 },
      { kind: "session cookie", log: "l", line: 2 },
    ]);
  });
});
