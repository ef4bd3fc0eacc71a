import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { SimulatorContext } from "./context";
import {
  echoedKeyProblem,
  GATEWAY_401_HTML,
  HANG_DESTROY_AFTER_MS,
  invalidBody,
  isProblemFault,
  malformedBody,
  PROBLEM_FAULTS,
  type FaultKind,
} from "./faults";
import { findKey, propertiesForKey, type Endpoint, type SimulatorKey } from "./keys";
import { buildCriminalReport, buildGuestsReport } from "./reports/arrival-reports";
import type { CriminalReport, GuestsReport, UsageReport } from "./reports/types";
import { buildUsageReport } from "./reports/usage-report";
import { apiPath, matchEndpoint, matchProperty, parseQuery, queryForLog, splitTarget } from "./request-target";
import { JSON_TYPE, problem, PROBLEM_TYPE, sendJson, sendProblem, sendRaw, type Problem } from "./responses";

const ALLOWED_PARAMETERS: Readonly<Record<Endpoint, readonly string[]>> = {
  guests: ["propertyName"],
  "criminal-arrivals": ["propertyName"],
  usage: [],
};

interface Accepted {
  readonly key: SimulatorKey;
  readonly endpoint: Endpoint;
  readonly propertyName: string | null;
}

interface RequestFacts {
  readonly correlationId: string;
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly keyHeader: string | undefined;
  readonly nowMs: number;
  readonly latencyMs: number;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

type Screened = { ok: true; accepted: Accepted } | { ok: false; problem: Problem };
type Built = { ok: true; report: GuestsReport | CriminalReport | UsageReport } | { ok: false; problem: Problem };

const refuse = (rejection: Problem): { ok: false; problem: Problem } => ({ ok: false, problem: rejection });

/** The contract's order of checks: key, route, scope, syntax, parameters (concurrency and property come later). */
function screen(facts: RequestFacts): Screened {
  const id = facts.correlationId;
  const key = findKey(facts.keyHeader);
  if (!key) {
    const detail =
      facts.keyHeader === undefined ? "The X-API-Key header is missing." : "The API key is not recognised.";
    return refuse(problem(401, "invalid_api_key", detail, id));
  }
  const endpoint = matchEndpoint(facts.path);
  if (!endpoint || facts.method !== "GET") {
    return refuse(problem(404, "not_found", `No route for ${facts.method} ${facts.path}.`, id));
  }
  if (!key.endpoints.includes(endpoint)) {
    return refuse(problem(403, "insufficient_scope", "The API key is not enabled for this endpoint.", id));
  }
  const parsed = parseQuery(facts.rawQuery);
  if (!parsed.ok) return refuse(problem(400, "invalid_request", parsed.detail, id));
  const allowed = ALLOWED_PARAMETERS[endpoint];
  const names = parsed.pairs.map((pair) => pair.name);
  for (const name of allowed) {
    const values = parsed.pairs.filter((pair) => pair.name === name);
    if (values.length > 1) {
      return refuse(problem(400, "invalid_request", `The parameter "${name}" is given more than once.`, id));
    }
    if (values.length === 1 && values[0]?.value.trim() === "") {
      return refuse(problem(400, "invalid_request", `The parameter "${name}" is empty.`, id));
    }
  }
  const unsupported = names.find((name) => !allowed.includes(name));
  if (unsupported !== undefined) {
    const detail = `The query parameter "${unsupported}" is not supported by this endpoint.`;
    return refuse(problem(400, "parameter_not_supported", detail, id));
  }
  const propertyName = parsed.pairs.find((pair) => pair.name === "propertyName")?.value ?? null;
  return { ok: true, accepted: { key, endpoint, propertyName } };
}

function buildReport(context: SimulatorContext, accepted: Accepted, facts: RequestFacts): Built {
  const reachable = propertiesForKey(accepted.key, context.catalogue);
  let properties = reachable;
  if (accepted.propertyName !== null) {
    const match = matchProperty(accepted.propertyName, reachable);
    if (match.kind === "not_found") {
      return refuse(problem(404, "property_not_found", "No property of this key has that name.", facts.correlationId));
    }
    if (match.kind === "ambiguous") {
      const detail = `${match.count} properties of this key share that name.`;
      return refuse(problem(404, "property_name_ambiguous", detail, facts.correlationId));
    }
    properties = [match.property];
  }
  const message = context.state.message ?? accepted.key.message;
  const request = {
    store: context.store,
    properties,
    filtered: accepted.propertyName !== null,
    nowMs: facts.nowMs,
  };
  switch (accepted.endpoint) {
    case "guests":
      return { ok: true, report: buildGuestsReport(request, message) };
    case "criminal-arrivals":
      return { ok: true, report: buildCriminalReport(request) };
    case "usage":
      return { ok: true, report: buildUsageReport({ store: context.store, properties, nowMs: facts.nowMs, message }) };
  }
}

function answerFault(
  context: SimulatorContext,
  fault: FaultKind,
  facts: RequestFacts,
  res: ServerResponse,
): number | null {
  const id = facts.correlationId;
  const endpoint = matchEndpoint(facts.path);
  const traced = { "X-Correlation-Id": id };
  const sent = (status: number, ok: boolean): number | null => (ok ? status : null);
  const problemCode = fault === "429" ? "rate_limit_exceeded" : fault === "500" ? "internal_error" : fault;
  if (isProblemFault(problemCode)) {
    const { status, detail } = PROBLEM_FAULTS[problemCode];
    return sent(status, sendProblem(res, problem(status, problemCode, detail, id)));
  }
  switch (fault) {
    case "malformed":
      return sent(
        200,
        sendRaw(res, 200, { "Content-Type": JSON_TYPE, ...traced }, malformedBody(endpoint, facts.nowMs)),
      );
    case "invalid":
      return sent(200, sendJson(res, 200, invalidBody(endpoint, facts.nowMs), traced));
    case "html401":
      return sent(401, sendRaw(res, 401, { "Content-Type": "text/html", ...traced }, GATEWAY_401_HTML));
    case "echo_key":
      return sent(500, sendJson(res, 500, echoedKeyProblem(facts.keyHeader ?? "", id), traced, PROBLEM_TYPE));
    case "redirect": {
      const query = facts.rawQuery === "" ? "" : `?${facts.rawQuery}`;
      const location = `http://127.0.0.2:${context.port()}${apiPath(facts.path)}${query}`;
      return sent(302, sendRaw(res, 302, { Location: location, ...traced }));
    }
    case "hang": {
      const timer = setTimeout(() => {
        context.hangTimers.delete(timer);
        res.destroy();
      }, HANG_DESTROY_AFTER_MS);
      context.hangTimers.add(timer);
      res.once("close", () => {
        clearTimeout(timer);
        context.hangTimers.delete(timer);
      });
      return null;
    }
  }
  return null;
}

export async function handleApiRequest(
  context: SimulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const startedAt = performance.now();
  const { path, rawQuery } = splitTarget(req.url ?? "/");
  const keyHeader = headerText(req.headers["x-api-key"]);
  const facts: RequestFacts = {
    correlationId: randomUUID(),
    method: req.method ?? "",
    path,
    rawQuery,
    keyHeader,
    nowMs: context.state.now(),
    latencyMs: context.state.latencyMs,
  };
  const entry = context.log.begin({
    method: facts.method,
    path,
    query: queryForLog(rawQuery),
    keySuffix: keyHeader === undefined ? null : keyHeader.slice(-4),
    accept: headerText(req.headers.accept) ?? null,
    correlationId: facts.correlationId,
    fault: null,
  });
  try {
    // A queued fault replaces the next answer whatever the key, so drills need no valid setup.
    const fault = context.state.faultQueue.shift();
    if (fault !== undefined) {
      entry.fault = fault;
      if (fault !== "hang") await delay(facts.latencyMs);
      entry.status = answerFault(context, fault, facts, res);
      return;
    }

    const screened = screen(facts);
    if (!screened.ok) {
      await delay(facts.latencyMs);
      entry.status = sendProblem(res, screened.problem) ? screened.problem.status : null;
      return;
    }

    const keyId = screened.accepted.key.key;
    const running = context.inFlight.get(keyId) ?? 0;
    if (running >= context.state.concurrencyLimit) {
      await delay(facts.latencyMs);
      const limited = problem(
        429,
        "rate_limit_exceeded",
        "Too many concurrent requests for this key.",
        facts.correlationId,
      );
      entry.status = sendProblem(res, limited) ? 429 : null;
      return;
    }
    context.inFlight.set(keyId, running + 1);
    try {
      await delay(facts.latencyMs);
      const built = buildReport(context, screened.accepted, facts);
      if (!built.ok) {
        entry.status = sendProblem(res, built.problem) ? built.problem.status : null;
      } else {
        entry.status = sendJson(res, 200, built.report, { "X-Correlation-Id": facts.correlationId }) ? 200 : null;
      }
    } finally {
      const left = (context.inFlight.get(keyId) ?? 1) - 1;
      if (left > 0) context.inFlight.set(keyId, left);
      else context.inFlight.delete(keyId);
    }
  } catch (error) {
    const failure = problem(500, "internal_error", "An unexpected error occurred.", facts.correlationId);
    entry.status = sendProblem(res, failure) ? 500 : null;
    if (!context.state.start.quiet) process.stderr.write(`simulator internal error: ${String(error)}\n`);
  } finally {
    context.lines.write(entry, Math.round(performance.now() - startedAt));
  }
}
