import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { createFormatter } from "@/lib/core/format";
import { LOCALE_PREFERENCE, parseLocaleChoice, type LocaleChoice } from "@/lib/core/locale";
import { GUEST_COLUMNS_PREFERENCE, parseStoredColumns } from "@/lib/features/guests/columns";
import { readPreference, writePreference } from "@/lib/features/preferences/repository";
import { parseStoredTheme, storedTheme, THEME_PREFERENCE } from "@/lib/features/preferences/theme";
import { userPreferences, users } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

describeEachDatabase("user preferences", (db) => {
  const account = async (email: string) => {
    const [user] = await db()
      .insert(users)
      .values({ email, name: email, passwordHash: "scrypt$not-a-real-hash", role: "viewer" })
      .returning();
    return user!.id;
  };
  const themeOf = async (userId: string) => parseStoredTheme(await readPreference(db(), userId, THEME_PREFERENCE));

  it("a theme is the system's until chosen, then the person's own, changed in place", async () => {
    const ada = await account("ada@example.com");
    const bob = await account("bob@example.com");
    expect(await readPreference(db(), ada, THEME_PREFERENCE)).toBeNull();
    expect(await themeOf(ada)).toBe("system");

    await writePreference(db(), ada, THEME_PREFERENCE, storedTheme("dark"));
    expect(await readPreference(db(), ada, THEME_PREFERENCE)).toEqual({ theme: "dark" });
    expect(await themeOf(ada)).toBe("dark");
    expect(await themeOf(bob)).toBe("system");

    await writePreference(db(), ada, THEME_PREFERENCE, storedTheme("light"));
    expect(await themeOf(ada)).toBe("light");
    const rows = await db().select().from(userPreferences).where(eq(userPreferences.userId, ada));
    expect(rows.map((row) => row.key)).toEqual([THEME_PREFERENCE]);
  });

  it("keys are apart: the theme and the guests' columns do not touch each other", async () => {
    const cleo = await account("cleo@example.com");
    await writePreference(db(), cleo, GUEST_COLUMNS_PREFERENCE, { visible: ["room", "property"] });
    await writePreference(db(), cleo, THEME_PREFERENCE, storedTheme("dark"));
    expect(parseStoredColumns(await readPreference(db(), cleo, GUEST_COLUMNS_PREFERENCE))).toEqual([
      "property",
      "room",
    ]);
    expect(await themeOf(cleo)).toBe("dark");
  });

  it("an unreadable stored theme reads as the system's", async () => {
    const dan = await account("dan@example.com");
    for (const junk of ["dark", { theme: "sepia" }, { theme: null }, 3, []]) {
      await writePreference(db(), dan, THEME_PREFERENCE, junk);
      expect(await themeOf(dan), JSON.stringify(junk)).toBe("system");
    }
  });

  it("a language, formats and own zone are stored whole and read back; a zone no longer known reads as UTC", async () => {
    const fay = await account("fay@example.com");
    const localeOf = async () => parseLocaleChoice(await readPreference(db(), fay, LOCALE_PREFERENCE));
    expect(await localeOf()).toBeNull();

    const chosen: LocaleChoice = {
      language: "fr",
      region: "fr-CH",
      hourCycle: "h23",
      weekStart: 1,
      timeZone: "Europe/Zurich",
    };
    await writePreference(db(), fay, LOCALE_PREFERENCE, chosen);
    expect(await localeOf()).toEqual(chosen);
    expect(createFormatter((await localeOf())!).event("2026-11-23T07:14:00Z")).toBe(
      "23 nov. 2026, 08:14 Europe/Zurich",
    );

    // Stored before zones were offered, or a zone this runtime dropped: the rest stands, events in UTC.
    const withoutZone: LocaleChoice = { language: "fr", region: "fr-CH", hourCycle: "h23", weekStart: 1 };
    for (const stored of [withoutZone, { ...chosen, timeZone: "Mars/Olympus_Mons" }]) {
      await writePreference(db(), fay, LOCALE_PREFERENCE, stored);
      expect(await localeOf(), JSON.stringify(stored)).toEqual(withoutZone);
      expect(createFormatter((await localeOf())!).eventZone).toBe("UTC");
    }
  });

  it("a person's preferences go with their account", async () => {
    const eve = await account("eve@example.com");
    await writePreference(db(), eve, THEME_PREFERENCE, storedTheme("dark"));
    await db().delete(users).where(eq(users.id, eve));
    expect(await db().select().from(userPreferences).where(eq(userPreferences.userId, eve))).toEqual([]);
  });
});
