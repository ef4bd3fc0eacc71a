import { describe, expect, it } from "vitest";

import { classifySsoError } from "./sso-errors";

/** An error shaped as Auth.js reports it: a `type`, and the underlying error as its cause. */
function authError(type: string, cause?: unknown) {
  return Object.assign(new Error(`${type} happened`), { type, cause });
}

describe("classifySsoError", () => {
  it("tells a cancelled sign-in from another error the provider answered with", () => {
    expect(classifySsoError(authError("OAuthCallbackError", { error: "access_denied" }))).toBe("cancelled");
    expect(classifySsoError(authError("OAuthCallbackError", { error: "server_error" }))).toBe("provider_error");
  });

  it("reads a failed state or PKCE check as a sign-in that could not be checked", () => {
    expect(classifySsoError(authError("InvalidCheck"))).toBe("invalid_state");
    const mismatch = Object.assign(new Error('unexpected "state" response parameter value'), {
      name: "OperationProcessingError",
    });
    expect(classifySsoError(authError("CallbackRouteError", { err: mismatch }))).toBe("invalid_state");
  });

  it("reads a provider that is down or too slow as unreachable", () => {
    const refused = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    expect(classifySsoError(authError("CallbackRouteError", { err: refused }))).toBe("provider_unreachable");
    const slow = Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    expect(classifySsoError(authError("OAuthSignInError", { err: slow }))).toBe("provider_unreachable");
  });

  it("reads a token for another client, or a code used late, as an answer not accepted", () => {
    const audience = Object.assign(new Error('unexpected JWT "aud" (audience) claim value'), {
      name: "OperationProcessingError",
    });
    expect(classifySsoError(authError("CallbackRouteError", { err: audience }))).toBe("invalid_token");
    const late = Object.assign(new Error("server responded with an error in the response body"), {
      name: "ResponseBodyError",
      error: "invalid_grant",
    });
    expect(classifySsoError(authError("CallbackRouteError", { err: late }))).toBe("invalid_token");
  });

  it("calls anything else an error of the provider's, never throwing", () => {
    expect(classifySsoError(authError("CallbackRouteError", { err: new Error("something odd") }))).toBe(
      "provider_error",
    );
    expect(classifySsoError("not even an error")).toBe("provider_error");
    expect(classifySsoError(null)).toBe("provider_error");
  });
});
