import { describe, expect, it } from "vitest";

import { DEFAULT_THEME, isTheme, parseStoredTheme, storedTheme, THEMES } from "./theme";

describe("theme", () => {
  it("reads back every theme it stores", () => {
    for (const theme of THEMES) expect(parseStoredTheme(storedTheme(theme))).toBe(theme);
  });

  it("follows the system when nothing, or nothing known, is stored", () => {
    expect(DEFAULT_THEME).toBe("system");
    for (const value of [null, undefined, "dark", 1, [], {}, { theme: "Dark" }, { theme: "sepia" }]) {
      expect(parseStoredTheme(value), JSON.stringify(value)).toBe("system");
    }
  });

  it("knows exactly the three themes", () => {
    expect(THEMES.filter(isTheme)).toEqual(["system", "light", "dark"]);
    expect(isTheme("auto")).toBe(false);
  });
});
