import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

import { secretWeakness } from "./secret-strength";

describe("secret strength", () => {
  it("accepts generated secrets of every usual shape", () => {
    for (let i = 0; i < 50; i++) {
      expect(secretWeakness(randomBytes(32).toString("base64"))).toBeUndefined();
      expect(secretWeakness(randomBytes(32).toString("base64url"))).toBeUndefined();
      expect(secretWeakness(randomBytes(16).toString("hex"))).toBeUndefined();
      expect(secretWeakness(randomBytes(32).toString("hex"))).toBeUndefined();
    }
    expect(secretWeakness("correct horse battery staple, then more words")).toBeUndefined();
  });

  it("refuses short, repetitive and sequential secrets", () => {
    expect(secretWeakness("Xy7-short-4Qz9")).toBe("must be at least 32 characters long");
    expect(secretWeakness("s".repeat(40))).toBe("has too few different characters to be random");
    expect(secretWeakness("password".repeat(5))).toBe("has too few different characters to be random");
    expect(secretWeakness("abcabcabcabcabcabcabcabcabcabcabcabc")).toBe(
      "has too few different characters to be random",
    );
    expect(secretWeakness("0123456789".repeat(4))).toBe("is mostly runs or sequences of characters");
    expect(secretWeakness("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ")).toBe("is mostly runs or sequences of characters");
  });
});
