import { describe, expect, it } from "vitest";

import { slowedNotice } from "./slowed";

describe("the sign-in page's notice of a slowed network", () => {
  it("says how long a sign-in waits, the bound, why, and that a right password still works", () => {
    const { title, body } = slowedNotice({ seconds: 4, capSeconds: 30, windowMinutes: 15 });
    expect(title).toBe("Sign-in is slowed on your network");
    expect(body).toContain("failed in the last 15 minutes");
    expect(body).toContain("waits 4 seconds before checking a password");
    expect(body).toContain("never more than 30 seconds");
    expect(body).toContain("Your right password still signs you in.");
  });

  it("speaks of one second as one", () => {
    expect(slowedNotice({ seconds: 1, capSeconds: 30, windowMinutes: 15 }).body).toContain("waits 1 second before");
  });
});
