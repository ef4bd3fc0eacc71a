import { describe, expect, it } from "vitest";

import { requestWords } from "./index";

describe("requestWords", () => {
  it("answers in English where there is no request to ask for a language (a command, a test)", async () => {
    expect((await requestWords("errors"))("refusal.sessionEnded")).toBe("Your session has ended. Sign in again.");
    expect((await requestWords("reports"))("refusals.noStoredCopy", { day: "2026-11-22" })).toBe(
      "Daybook holds no stored copy of 2026-11-22.",
    );
  });
});
