import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { slowedNotice } from "./slowed";

const english = translatorFor("en", "account");
const french = translatorFor("fr", "account");

describe("the sign-in page's notice of a slowed network", () => {
  it("says how long a sign-in waits, the bound, why, and that a right password still works", () => {
    const { title, body } = slowedNotice({ seconds: 4, capSeconds: 30, windowMinutes: 15 }, english);
    expect(title).toBe("Sign-in is slowed on your network");
    expect(body).toBe(
      "Many sign-ins from your network failed in the last 15 minutes, so Daybook waits 4 seconds before checking " +
        "a password from it (never more than 30 seconds), to slow down guessing. Your right password still signs you in.",
    );
  });

  it("speaks of one second as one", () => {
    const once = { seconds: 1, capSeconds: 30, windowMinutes: 15 };
    expect(slowedNotice(once, english).body).toContain("waits 1 second before");
    expect(slowedNotice(once, french).body).toContain("1 seconde ");
  });

  it("says the same figures in French", () => {
    const { body } = slowedNotice({ seconds: 4, capSeconds: 30, windowMinutes: 15 }, french);
    expect(body).toContain("15 dernières minutes");
    expect(body).toContain("4 secondes");
    expect(body).toContain("30 secondes");
  });
});
