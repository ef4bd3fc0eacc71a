import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import type { SyncEndpointOutcome } from "@/lib/server/db/schema";

import { holdBack, REFUSED_HOLD_MS, RETRY_AFTER_MS } from "./retry";
import type { PullDecision } from "./schedule";

const DUE: PullDecision = {
  due: true,
  day: "2026-11-22",
  reason: "due",
  why: { key: "everyProperty", day: "2026-11-22" },
};
const at = (iso: string) => new Date(iso);
const LAST = at("2026-11-23T10:30:00Z");

function outcome(status: number | null, errorCode: string | null): SyncEndpointOutcome {
  return {
    endpoint: "guests",
    result: status === 200 && !errorCode ? "stored" : "failed",
    reportedDate: null,
    itemCount: null,
    correlationId: null,
    errorCode,
    status,
  };
}

describe("holding back a pull after a failed one", () => {
  it("lets a pull go when the last run had no failure", () => {
    expect(holdBack(DUE, { startedAt: LAST, endpoints: [outcome(200, null)] }, null, at("2026-11-23T10:35:00Z"))).toBe(
      DUE,
    );
  });

  it("waits 30 minutes after a failure worth retrying (429, 500, no answer, a broken body)", () => {
    for (const failure of [
      outcome(429, "rate_limit_exceeded"),
      outcome(500, "internal_error"),
      outcome(null, "timeout"),
      outcome(200, "contract_violation"),
    ]) {
      const run = { startedAt: LAST, endpoints: [failure] };
      expect(holdBack(DUE, run, null, at("2026-11-23T10:45:00Z"))).toMatchObject({
        due: false,
        nextAt: new Date(LAST.getTime() + RETRY_AFTER_MS),
      });
      expect(holdBack(DUE, run, null, new Date(LAST.getTime() + RETRY_AFTER_MS))).toBe(DUE);
    }
  });

  it("does not repeat a request the API refused (400, 401, 403, 404) until the key changes or the hold ends", () => {
    const run = { startedAt: LAST, endpoints: [outcome(401, "invalid_api_key"), outcome(403, "insufficient_scope")] };
    const held = holdBack(DUE, run, null, at("2026-11-23T12:00:00Z"));
    expect(held).toMatchObject({ due: false, nextAt: new Date(LAST.getTime() + REFUSED_HOLD_MS) });
    expect(held.reason).toContain("invalid_api_key, insufficient_scope");
    expect(held.why).toEqual({ key: "refused", codes: "invalid_api_key, insufficient_scope" });
    // The Sync screen says it in the catalogue's words: the same English as the log.
    expect(translatorFor("en", "sync")("schedule.why.refused", { codes: "invalid_api_key, insufficient_scope" })).toBe(
      held.reason,
    );
    expect(holdBack(DUE, run, at("2026-11-23T11:00:00Z"), at("2026-11-23T11:05:00Z"))).toBe(DUE);
    expect(holdBack(DUE, run, at("2026-11-20T11:00:00Z"), at("2026-11-23T11:05:00Z"))).toMatchObject({ due: false });
    expect(holdBack(DUE, run, null, new Date(LAST.getTime() + REFUSED_HOLD_MS))).toBe(DUE);
  });

  it("waits only 30 minutes when a refusal comes with a failure worth retrying", () => {
    const run = { startedAt: LAST, endpoints: [outcome(401, "invalid_api_key"), outcome(500, "internal_error")] };
    expect(holdBack(DUE, run, null, at("2026-11-23T10:45:00Z"))).toMatchObject({
      due: false,
      nextAt: new Date(LAST.getTime() + RETRY_AFTER_MS),
    });
  });

  it("leaves a decision that is not due alone", () => {
    const notDue: PullDecision = {
      due: false,
      day: "2026-11-23",
      nextAt: at("2026-11-24T10:30:00Z"),
      reason: "stored",
      why: { key: "next", day: "2026-11-22", next: "2026-11-23" },
    };
    expect(
      holdBack(
        notDue,
        { startedAt: LAST, endpoints: [outcome(500, "internal_error")] },
        null,
        at("2026-11-23T10:40:00Z"),
      ),
    ).toBe(notDue);
  });
});
