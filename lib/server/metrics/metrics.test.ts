import { describe, expect, it } from "vitest";

import { PartnerApiError } from "@/lib/server/partner-api/errors";
import { outcomeOf } from "@/lib/server/partner-api/request";

import { bearerMatches, metricsRegistry, observeHttpRequest } from "./index";

async function httpSamples(): Promise<{ labels: Record<string, string | number>; value: number }[]> {
  const json = await metricsRegistry().getSingleMetric("daybook_http_request_duration_seconds")!.get();
  return json.values
    .filter((value) => (value as { metricName?: string }).metricName === "daybook_http_request_duration_seconds_count")
    .map((value) => ({ labels: value.labels as Record<string, string | number>, value: value.value }));
}

describe("metrics", () => {
  it("counts a request by method, route pattern and status; anything not a pattern or a method becomes a fixed word", async () => {
    observeHttpRequest({ method: "get", route: "/admin/mail/caught/[id]", status: 200, durationMs: 12 });
    observeHttpRequest({ method: "POST", route: "/api/auth/[...nextauth]", status: 302, durationMs: 40 });
    observeHttpRequest({ method: "GET", route: "/api/reports/guests?q=Maria Gonzalez", status: 200, durationMs: 3 });
    observeHttpRequest({ method: "GET", route: "/guests/../../etc", status: 404, durationMs: 3 });
    observeHttpRequest({ method: "GET", route: "/users/maria@example.com", status: 404, durationMs: 3 });
    observeHttpRequest({ method: "BREW maria@example.com", route: "(unmatched)", status: 9999, durationMs: -1 });
    const samples = await httpSamples();
    const count = (labels: Record<string, string>) =>
      samples.find((sample) => Object.entries(labels).every(([k, v]) => sample.labels[k] === v))?.value ?? 0;
    expect(count({ method: "GET", route: "/admin/mail/caught/[id]", status: "200" })).toBe(1);
    expect(count({ method: "POST", route: "/api/auth/[...nextauth]", status: "302" })).toBe(1);
    expect(count({ method: "GET", route: "(unmatched)", status: "200" })).toBe(1);
    expect(count({ method: "GET", route: "(unmatched)", status: "404" })).toBe(2);
    expect(count({ method: "OTHER", route: "(unmatched)", status: "0" })).toBe(1);
    for (const sample of samples) {
      expect(Object.values(sample.labels).join(" ")).not.toMatch(/maria|gonzalez|@|etc/i);
    }
  });

  it("accepts only `Bearer <token>` with the exact token", () => {
    const token = "f0c1a5e2b7d94c3e8a6b1d0f2e4c6a8b";
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const header of [
      null,
      "",
      "Bearer",
      "Bearer ",
      token,
      `Basic ${token}`,
      `Bearer ${token}0`,
      `Bearer ${token.slice(1)}`,
      `Bearer ${token} extra`,
    ]) {
      expect(bearerMatches(header, token), String(header)).toBe(false);
    }
  });

  it("names each way an upstream request ends with one fixed word", () => {
    const failure = (status: number | null, code: string) =>
      new PartnerApiError({ endpoint: "guests", status, code, detail: "", correlationId: null, retryable: false });
    expect(outcomeOf(failure(429, "rate_limit_exceeded"))).toBe("rate_limited");
    expect(outcomeOf(failure(500, "internal_error"))).toBe("http_5xx");
    expect(outcomeOf(failure(503, "service down"))).toBe("http_5xx");
    expect(outcomeOf(failure(401, "invalid_api_key"))).toBe("http_4xx");
    expect(outcomeOf(failure(404, "property_not_found"))).toBe("http_4xx");
    expect(outcomeOf(failure(null, "timeout"))).toBe("timeout");
    expect(outcomeOf(failure(null, "network_error"))).toBe("network");
    expect(outcomeOf(failure(200, "malformed_body"))).toBe("invalid_body");
    expect(outcomeOf(failure(200, "contract_violation"))).toBe("invalid_body");
    expect(outcomeOf(failure(200, "response_too_large"))).toBe("invalid_body");
    expect(outcomeOf(failure(302, "redirect_refused"))).toBe("redirect");
    expect(outcomeOf(failure(null, "upstream_unavailable"))).toBe("circuit_open");
    expect(outcomeOf(failure(null, "aborted"))).toBe("aborted");
    expect(outcomeOf(new TypeError("fetch failed"))).toBe("network");
  });
});
