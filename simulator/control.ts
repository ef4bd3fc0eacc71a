import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { SimulatorContext } from "./context";
import { formatUtc, parseIsoInstant } from "./data/local-time";
import { FAULT_KINDS, isFaultKind, type FaultKind } from "./faults";
import { sendJson } from "./responses";

// Control endpoints are for tests and drills: no key, plain JSON, and a 400 with
// { error } for anything they cannot use, never a crash.

const MAX_BODY_BYTES = 64 * 1024;
const MAX_LATENCY_MS = 600_000;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function readJsonObject(req: IncomingMessage): Promise<Parsed<Record<string, unknown>>> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    return { ok: false, error: error instanceof BodyTooLarge ? "Body is too large." : "Body could not be read." };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "Body must be a JSON object." };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: "Body must be a JSON object." };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function unknownFields(body: Record<string, unknown>, allowed: readonly string[]): string | null {
  const extra = Object.keys(body).filter((field) => !allowed.includes(field));
  return extra.length === 0 ? null : `Unknown field(s): ${extra.join(", ")}. Allowed: ${allowed.join(", ")}.`;
}

interface FaultPatch {
  next?: FaultKind[];
  latencyMs?: number;
  concurrencyLimit?: number | null;
  message?: string | null;
}

function parseFaultPatch(body: Record<string, unknown>): Parsed<FaultPatch> {
  const unknown = unknownFields(body, ["next", "latencyMs", "concurrencyLimit", "message"]);
  if (unknown) return { ok: false, error: unknown };
  const patch: FaultPatch = {};
  if (body.next !== undefined) {
    if (!Array.isArray(body.next) || !body.next.every(isFaultKind)) {
      return { ok: false, error: `"next" must be an array of fault kinds: ${FAULT_KINDS.join(", ")}.` };
    }
    patch.next = body.next;
  }
  if (body.latencyMs !== undefined) {
    const latency = body.latencyMs;
    if (typeof latency !== "number" || !Number.isFinite(latency) || latency < 0 || latency > MAX_LATENCY_MS) {
      return { ok: false, error: `"latencyMs" must be a number from 0 to ${MAX_LATENCY_MS}.` };
    }
    patch.latencyMs = latency;
  }
  if (body.concurrencyLimit !== undefined) {
    const limit = body.concurrencyLimit;
    if (limit !== null && (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1)) {
      return { ok: false, error: `"concurrencyLimit" must be a positive integer, or null for the start-up value.` };
    }
    patch.concurrencyLimit = limit;
  }
  if (body.message !== undefined) {
    if (body.message !== null && typeof body.message !== "string") {
      return { ok: false, error: `"message" must be a string or null.` };
    }
    patch.message = body.message;
  }
  return { ok: true, value: patch };
}

function clockView(context: SimulatorContext): { now: string | null; effectiveNow: string } {
  const override = context.state.clockOverrideMs;
  return { now: override === null ? null : formatUtc(override), effectiveNow: formatUtc(context.state.now()) };
}

export async function handleControlRequest(
  context: SimulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const { state, log } = context;
  // Same header as API answers, so a proxy or log pipeline never sees a response without one.
  res.setHeader("X-Correlation-Id", randomUUID());
  const method = req.method ?? "";
  const route = path.replace(/\/+$/, "");
  const routes: Record<string, Record<string, () => Promise<void> | void>> = {
    "/__simulator/health": { GET: () => void sendJson(res, 200, { ok: true }) },
    "/__simulator/requests": {
      GET: () => void sendJson(res, 200, { requests: log.list() }),
      DELETE: () => {
        log.clear();
        sendJson(res, 200, { requests: [] });
      },
    },
    "/__simulator/faults": {
      GET: () => void sendJson(res, 200, state.faultView()),
      POST: async () => {
        const body = await readJsonObject(req);
        const patch = body.ok ? parseFaultPatch(body.value) : body;
        if (!patch.ok) return void sendJson(res, 400, { error: patch.error });
        const { next, latencyMs, concurrencyLimit, message } = patch.value;
        if (next) state.faultQueue.push(...next);
        if (latencyMs !== undefined) state.latencyMs = latencyMs;
        if (concurrencyLimit !== undefined) state.concurrencyLimit = concurrencyLimit ?? state.start.concurrencyLimit;
        if (message !== undefined) state.message = message;
        sendJson(res, 200, state.faultView());
      },
      DELETE: () => {
        state.clearFaults();
        sendJson(res, 200, state.faultView());
      },
    },
    "/__simulator/clock": {
      GET: () => void sendJson(res, 200, clockView(context)),
      POST: async () => {
        const body = await readJsonObject(req);
        if (!body.ok) return void sendJson(res, 400, { error: body.error });
        const unknown = unknownFields(body.value, ["now"]);
        const now = body.value.now;
        const nowMs = typeof now === "string" ? parseIsoInstant(now) : null;
        if (unknown || now === undefined || (now !== null && nowMs === null)) {
          const error = unknown ?? `"now" must be an ISO 8601 instant with a zone (e.g. 2026-11-23T02:00:00Z) or null.`;
          return void sendJson(res, 400, { error });
        }
        state.clockOverrideMs = nowMs;
        sendJson(res, 200, clockView(context));
      },
    },
    // Which days' arrivals were made, so a test run can regenerate (servedGuests) and look for them in logs.
    "/__simulator/days": {
      GET: () =>
        void sendJson(res, 200, { seed: state.start.seed, large: state.start.large, days: context.store.madeDays() }),
    },
    "/__simulator/reset": {
      POST: () => {
        state.reset();
        log.clear();
        sendJson(res, 200, { ok: true, faults: state.faultView(), clock: clockView(context) });
      },
    },
  };
  const handlers = Object.hasOwn(routes, route) ? routes[route] : undefined;
  if (!handlers) return void sendJson(res, 404, { error: `No control endpoint ${path}.` });
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler) {
    const allowed = Object.keys(handlers).join(", ");
    res.setHeader("Allow", allowed);
    return void sendJson(res, 405, { error: `${method} is not allowed here; use ${allowed}.` });
  }
  await handler();
}
