// Preloaded into the Daybook server the bench starts (`node --import`), so that Daybook's own clock
// agrees with the simulator's frozen clock, whatever the wall clock says. Daybook decides which day
// is due, whether a stored day is "yesterday" and when a sign-in ends by its own `new Date()`; with
// the simulator at 2026-11-23T12:00:00Z and Daybook on the real clock the figures would depend on
// the hour and the date the bench runs at.
//
// BENCH_CLOCK_START, BENCH_CLOCK_ANCHOR: the virtual instant (ISO) and the real epoch ms at which
//   the virtual clock read it; from there it ticks with real time. Every process and thread that
//   loads this module computes the same offset.
// BENCH_CLOCK_CONTROL (optional): a JSON file { generation, offsetMs, jumpMs } that the bench
//   rewrites to move the clock (the simulated day). With it, timers of a minute or more (Daybook's
//   scheduler ticks every 5 minutes) run on the virtual clock, so that a jump fires them as the time
//   passing would have, and `performance.now()` moves by the same jumps (caches timed with it
//   expire). The main thread acknowledges each generation in `<file>.ack.<pid>`.
//
// Cookies: a Set-Cookie `Expires` is written by Daybook in virtual time; it is turned back into real
// time here, or a browser would drop a sign-in cookie whose expiry lies in its past.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import http from "node:http";
import { isMainThread } from "node:worker_threads";

const RealDate = globalThis.Date;
const realNow = RealDate.now.bind(RealDate);
const start = RealDate.parse(process.env.BENCH_CLOCK_START ?? "");
const anchor = Number(process.env.BENCH_CLOCK_ANCHOR);
if (Number.isNaN(start) || !Number.isFinite(anchor)) {
  throw new Error("clock shim: BENCH_CLOCK_START (ISO instant) and BENCH_CLOCK_ANCHOR (epoch ms) are required");
}

/** virtual − real, in ms. */
let offsetMs = start - anchor;
/** Sum of the forward jumps made through the control file, added to performance.now(). */
let jumpMs = 0;
const virtualNow = () => realNow() + offsetMs;

function BenchDate(...args) {
  if (!new.target) return new RealDate(virtualNow()).toString();
  const date = args.length === 0 ? new RealDate(virtualNow()) : new RealDate(...args);
  if (new.target !== BenchDate) Object.setPrototypeOf(date, new.target.prototype);
  return date;
}
// Own copies of Date's statics (parse, UTC, …): Next wraps Date in turn and copies only own properties.
for (const key of Reflect.ownKeys(RealDate)) {
  if (key !== "now") Object.defineProperty(BenchDate, key, Object.getOwnPropertyDescriptor(RealDate, key));
}
Object.defineProperty(BenchDate, "now", { value: virtualNow, writable: true, configurable: true });
Object.defineProperty(RealDate.prototype, "constructor", {
  value: BenchDate,
  writable: true,
  configurable: true,
  enumerable: false,
});
globalThis.Date = BenchDate;

// --- Set-Cookie expiry back to real time -------------------------------------------------------

const EXPIRES = /(;\s*expires\s*=\s*)([^;]+)/i;

function realExpiry(cookie) {
  if (typeof cookie !== "string") return cookie;
  return cookie.replace(EXPIRES, (whole, prefix, when) => {
    const ms = RealDate.parse(when);
    return Number.isNaN(ms) ? whole : prefix + new RealDate(ms - offsetMs).toUTCString();
  });
}

const realCookies = (value) => (Array.isArray(value) ? value.map(realExpiry) : realExpiry(value));
const isSetCookie = (name) => typeof name === "string" && name.toLowerCase() === "set-cookie";

const { setHeader, appendHeader } = http.OutgoingMessage.prototype;
http.OutgoingMessage.prototype.setHeader = function (name, value) {
  return setHeader.call(this, name, isSetCookie(name) ? realCookies(value) : value);
};
if (appendHeader) {
  http.OutgoingMessage.prototype.appendHeader = function (name, value) {
    return appendHeader.call(this, name, isSetCookie(name) ? realCookies(value) : value);
  };
}
const { writeHead } = http.ServerResponse.prototype;
http.ServerResponse.prototype.writeHead = function (status, ...rest) {
  const index = rest.findIndex((arg) => arg !== null && typeof arg === "object");
  if (index >= 0) {
    const headers = rest[index];
    if (Array.isArray(headers)) {
      // [name, value, name, value, …] or [[name, value], …]
      rest[index] = Array.isArray(headers[0])
        ? headers.map(([name, value]) => [name, isSetCookie(name) ? realCookies(value) : value])
        : headers.map((entry, i) => (i % 2 === 1 && isSetCookie(headers[i - 1]) ? realCookies(entry) : entry));
    } else {
      rest[index] = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, isSetCookie(name) ? realCookies(value) : value]),
      );
    }
  }
  return writeHead.call(this, status, ...rest);
};

// --- Control: jumps, long timers on the virtual clock ------------------------------------------

const control = process.env.BENCH_CLOCK_CONTROL;
if (control) {
  const LONG_MS = 60_000;
  const POLL_MS = 50;
  const real = {
    setTimeout: globalThis.setTimeout,
    setInterval: globalThis.setInterval,
    clearTimeout: globalThis.clearTimeout,
    clearInterval: globalThis.clearInterval,
  };
  const timers = new Set();
  let nextId = 1;

  class VirtualTimer {
    constructor(callback, args, delay, repeat) {
      this.callback = callback;
      this.args = args;
      this.delay = delay;
      this.repeat = repeat;
      this.due = virtualNow() + delay;
      this.referenced = true;
      this.id = nextId++;
    }
    ref() {
      this.referenced = true;
      return this;
    }
    unref() {
      this.referenced = false;
      return this;
    }
    hasRef() {
      return this.referenced;
    }
    refresh() {
      this.due = virtualNow() + this.delay;
      return this;
    }
    close() {
      timers.delete(this);
      return this;
    }
    [Symbol.toPrimitive]() {
      return this.id;
    }
    [Symbol.dispose]() {
      this.close();
    }
  }

  const wrapSet = (original, repeat) =>
    Object.assign(function (callback, delay, ...args) {
      if (typeof callback === "function" && Number(delay) >= LONG_MS) {
        const timer = new VirtualTimer(callback, args, Number(delay), repeat);
        timers.add(timer);
        return timer;
      }
      return original(callback, delay, ...args);
    }, original);
  const wrapClear = (original) =>
    Object.assign(function (timer) {
      if (timer instanceof VirtualTimer) timers.delete(timer);
      else original(timer);
    }, original);

  globalThis.setTimeout = wrapSet(real.setTimeout, false);
  globalThis.setInterval = wrapSet(real.setInterval, true);
  globalThis.clearTimeout = wrapClear(real.clearTimeout);
  globalThis.clearInterval = wrapClear(real.clearInterval);

  const realPerformanceNow = performance.now.bind(performance);
  performance.now = () => realPerformanceNow() + jumpMs;

  const fireDue = () => {
    const now = virtualNow();
    for (const timer of [...timers]) {
      if (timer.due > now) continue;
      if (timer.repeat) timer.due = now + timer.delay;
      else timers.delete(timer);
      try {
        timer.callback(...timer.args);
      } catch (error) {
        // As an uncaught exception in a real timer callback would be.
        process.nextTick(() => {
          throw error;
        });
      }
    }
  };

  let generation = -1;
  let acknowledged = -1;
  const poll = () => {
    let state;
    try {
      state = JSON.parse(readFileSync(control, "utf8"));
    } catch {
      state = null;
    }
    if (state && state.generation !== generation) {
      generation = state.generation;
      offsetMs = state.offsetMs;
      jumpMs = state.jumpMs;
    }
    fireDue();
    if (isMainThread && generation !== acknowledged) {
      acknowledged = generation;
      const ack = `${control}.ack.${process.pid}`;
      try {
        writeFileSync(`${ack}.tmp`, JSON.stringify({ generation }));
        renameSync(`${ack}.tmp`, ack);
      } catch {
        // The bench went away; nothing to tell.
      }
    }
  };
  real.setInterval(poll, POLL_MS).unref();
}
