import { afterEach, describe, expect, it, vi } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { discover } from "./sso-discovery";

// Inside a request next-intl knows the person's language; outside one, asking throws.
const request = vi.hoisted(() => ({ language: null as "fr" | null }));
vi.mock("next-intl/server", () => ({
  getLocale: async () => {
    if (!request.language) throw new Error("not in a request");
    return request.language;
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  request.language = null;
});

const answering = (status: number, body: unknown) =>
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status }));

describe("a provider's discovery document", () => {
  it("says each problem in English outside a request, as the admin's form said it before", async () => {
    answering(404, {});
    expect(await discover("https://idp.example.test")).toEqual({
      ok: false,
      problem: "The provider answered 404 for https://idp.example.test/.well-known/openid-configuration.",
    });
    answering(200, { issuer: "https://other.example.test" });
    expect(await discover("https://idp.example.test")).toEqual({
      ok: false,
      problem: 'The discovery document names the issuer "https://other.example.test": enter exactly that.',
    });
    answering(200, { issuer: "https://idp.example.test" });
    expect(await discover("https://idp.example.test")).toEqual({
      ok: false,
      problem: "The discovery document lacks an authorization, token or keys endpoint.",
    });
  });

  it("says them in the admin's language inside a request", async () => {
    request.language = "fr";
    answering(200, { issuer: "https://idp.example.test" });
    expect(await discover("https://idp.example.test")).toEqual({
      ok: false,
      problem: translatorFor("fr", "errors")("discovery.endpoints"),
    });
    answering(200, {
      issuer: "https://idp.example.test",
      authorization_endpoint: "https://idp.example.test/a",
      token_endpoint: "https://idp.example.test/t",
      jwks_uri: "https://idp.example.test/k",
      code_challenge_methods_supported: ["plain"],
    });
    expect(await discover("https://idp.example.test")).toEqual({
      ok: false,
      problem: "Le fournisseur ne propose pas PKCE avec S256.",
    });
  });
});
