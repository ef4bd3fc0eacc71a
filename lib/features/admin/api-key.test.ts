import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { apiKeyFormSchema, keySource, type ApiKeyStatus } from "./api-key";

const status: ApiKeyStatus = {
  source: "configured",
  last4: "beef",
  setAt: null,
  unreadable: false,
  configuredIsDemo: false,
};

describe("keySource", () => {
  it("tells a key set in Daybook, with when, from the simulator's and the configured one", () => {
    const setAt = "2026-11-22T09:14:00.000Z";
    expect(keySource({ ...status, source: "stored", setAt })).toEqual({ kind: "stored", setAt });
    expect(keySource({ ...status, configuredIsDemo: true })).toEqual({ kind: "demo" });
    expect(keySource(status)).toEqual({ kind: "configured" });
  });

  it("has words for each source", () => {
    const t = translatorFor("en", "admin");
    expect(t("apiKey.sources.stored", { at: "Nov 22, 2026, 9:14 AM UTC" })).toBe(
      "Set in Daybook on Nov 22, 2026, 9:14 AM UTC",
    );
    expect(t("apiKey.sources.demo")).toBe("The simulator's demo key (demo mode)");
    expect(t("apiKey.sources.configured")).toBe("From PARTNER_API_KEY");
  });
});

describe("apiKeyFormSchema", () => {
  it("refuses a missing or malformed key by its key in admin.validation, never echoing the value", () => {
    const refusal = (key: unknown) => apiKeyFormSchema.safeParse({ key }).error?.issues[0]?.message;
    expect(refusal("")).toBe("keyMissing");
    expect(refusal(undefined)).toBe("keyMissing");
    expect(refusal("not-a-key")).toBe("keyInvalid");
    expect(translatorFor("fr", "admin")("validation.keyInvalid")).toContain("32");
    expect(apiKeyFormSchema.safeParse({ key: "a".repeat(32) }).success).toBe(true);
  });
});
