import { describe, expect, it } from "vitest";
import { z } from "zod";

import { translatorFor } from "@/lib/core/catalogue";
import { AppError, forbidden, unauthorized } from "@/lib/core/errors";
import { describeApiErrorCode, describeUpstreamFailure } from "@/lib/core/format";
import { LAST_ADMIN_MESSAGE, LAST_BREAK_GLASS_MESSAGE } from "@/lib/server/auth/users";
import { PartnerApiError } from "@/lib/server/partner-api/errors";
import { requestWords } from "@/lib/server/words";

import { actionFailure, failureOf } from "./failure";

const french = translatorFor("fr", "errors");

const upstream = (code: string, extra: { detail?: string; ownWords?: boolean } = {}) =>
  new PartnerApiError({
    endpoint: "guests",
    status: 503,
    code,
    detail: extra.detail ?? "the gateway's own text, never shown",
    correlationId: "c-1",
    retryable: true,
    ownWords: extra.ownWords,
  });

describe("failure words", () => {
  it("titles and says each upstream failure by its code, in English unless told, and any other code generically", () => {
    expect(describeApiErrorCode("invalid_api_key")).toBe("The Partner API rejected Daybook's key");
    expect(describeUpstreamFailure("timeout")).toBe("The Partner API did not answer in time.");
    expect(describeApiErrorCode("something_new")).toBe("The Partner API answered with an error");
    expect(describeUpstreamFailure("something_new")).toBe("The Partner API answered with an error.");
    expect(describeApiErrorCode("rate_limit_exceeded", french)).toBe("L’API Partenaire est surchargée");
    expect(describeUpstreamFailure("network_error", french)).toBe("Daybook n’a pas pu joindre l’API Partenaire.");
  });

  it("answers an upstream failure with Daybook's sentence in the asker's language, never the API's detail", () => {
    const answer = failureOf(upstream("internal_error"), french);
    expect(answer.status).toBe(502);
    expect(answer.body.error.message).toBe("L’API Partenaire a échoué en répondant.");
    expect(answer.body.error.upstream).toMatchObject({ code: "internal_error", detail: answer.body.error.message });
    expect(JSON.stringify(answer)).not.toContain("the gateway's own text");
    // A detail Daybook wrote for this failure itself stays as it was written.
    const own = failureOf(upstream("upstream_unavailable", { detail: "Paused for 30 s.", ownWords: true }), french);
    expect(own.body.error.message).toBe("Paused for 30 s.");
  });

  it("words a request it could not read, and one it could not answer, in the asker's language", () => {
    const refused = z.object({ day: z.string("Give a day.") }).safeParse({});
    expect(failureOf(refused.error).body.error.message).toBe("day: Give a day.");
    expect(failureOf(refused.error, french).body.error.message).toBe("day : Give a day.");
    expect(failureOf(new Error("boom"), french).body.error).toEqual({
      code: "internal_error",
      message: "Daybook n’a pas pu répondre à cette requête",
    });
    // Daybook's own refusals keep the words they were made with.
    expect(failureOf(new AppError(409, "taken", "Already taken."), french).body.error.message).toBe("Already taken.");
  });

  it("says Daybook's catalogued refusals in the asker's language, and the same English as before by default", () => {
    const refusals = [
      [unauthorized(), 401, "Sign in to continue", "Connectez-vous pour continuer"],
      [forbidden(), 403, "Your role does not allow this", "Votre rôle ne permet pas cette action"],
      [
        new AppError(409, "last_admin", LAST_ADMIN_MESSAGE, "lastAdmin"),
        409,
        LAST_ADMIN_MESSAGE,
        french("refusal.lastAdmin"),
      ],
      [
        new AppError(409, "last_break_glass", LAST_BREAK_GLASS_MESSAGE, "lastBreakGlass"),
        409,
        LAST_BREAK_GLASS_MESSAGE,
        french("refusal.lastBreakGlass"),
      ],
    ] as const;
    for (const [error, status, english, inFrench] of refusals) {
      // The error itself keeps its English, for commands and logs.
      expect(error.message).toBe(english);
      expect(failureOf(error).body.error).toEqual({ code: error.code, message: english });
      const answer = failureOf(error, french);
      expect(answer.status).toBe(status);
      expect(answer.body.error.message).toBe(inFrench);
      expect(inFrench).not.toBe(english);
    }
    // A refusal given its own words keeps them.
    expect(failureOf(forbidden("Exports start from Daybook's own pages."), french).body.error.message).toBe(
      "Exports start from Daybook's own pages.",
    );
  });

  it("speaks English where there is no request to ask for a language (a command, a test)", async () => {
    expect((await requestWords("errors"))("refusal.sessionEnded")).toBe("Your session has ended. Sign in again.");
    expect(await actionFailure(new Error("boom"))).toEqual({
      ok: false,
      code: "failed",
      message: "Daybook could not answer this request",
    });
  });
});
