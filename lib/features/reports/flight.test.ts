import { describe, expect, it } from "vitest";

import { createFlights } from "./flight";

/** A call that waits until `release` is called, counting how often it started. */
function gatedCall<T>(value: T) {
  let starts = 0;
  let release!: () => void;
  let seen: AbortSignal | undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const call = async (signal: AbortSignal) => {
    starts += 1;
    seen = signal;
    await gate;
    signal.throwIfAborted();
    return value;
  };
  return { call, release: () => release(), starts: () => starts, signal: () => seen };
}

describe("one call in flight per key", () => {
  it("gives fifty concurrent callers one call and its result", async () => {
    const flights = createFlights();
    const gated = gatedCall("report");
    const waiting = Array.from({ length: 50 }, () => flights.run("usage", gated.call));
    gated.release();
    expect(await Promise.all(waiting)).toEqual(Array(50).fill("report"));
    expect(gated.starts()).toBe(1);
    expect(flights.inFlight()).toEqual([]);
  });

  it("shares one failure among every caller, and the next caller starts a new call", async () => {
    const flights = createFlights();
    let starts = 0;
    const failing = async () => {
      starts += 1;
      await Promise.resolve();
      throw new Error("internal_error");
    };
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => flights.run("guests", failing)));
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    expect(starts).toBe(1);
    await expect(flights.run("guests", failing)).rejects.toThrow("internal_error");
    expect(starts).toBe(2);
  });

  it("keeps keys apart", async () => {
    const flights = createFlights();
    const a = gatedCall("a");
    const b = gatedCall("b");
    const both = [flights.run("guests|", a.call), flights.run("guests|Harbour View Hotel", b.call)];
    a.release();
    b.release();
    expect(await Promise.all(both)).toEqual(["a", "b"]);
  });

  it("aborts the call once every caller left, not before", async () => {
    const flights = createFlights();
    const gated = gatedCall("report");
    const first = new AbortController();
    const second = new AbortController();
    const one = flights.run("guests", gated.call, first.signal);
    const two = flights.run("guests", gated.call, second.signal);
    first.abort(new Error("left"));
    await expect(one).rejects.toThrow("left");
    expect(gated.signal()!.aborted).toBe(false);
    second.abort(new Error("left too"));
    await expect(two).rejects.toThrow("left too");
    expect(gated.signal()!.aborted).toBe(true);
    expect(flights.inFlight()).toEqual([]);
  });

  it("never aborts a call that a caller without a signal waits for", async () => {
    const flights = createFlights();
    const gated = gatedCall("report");
    const leaving = new AbortController();
    const staying = flights.run("usage", gated.call);
    const left = flights.run("usage", gated.call, leaving.signal);
    leaving.abort(new Error("left"));
    await expect(left).rejects.toThrow("left");
    gated.release();
    expect(await staying).toBe("report");
    expect(gated.signal()!.aborted).toBe(false);
  });
});
