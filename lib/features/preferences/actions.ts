"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";

import { ROLES } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import {
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  HOUR_CYCLES,
  LANGUAGES,
  REGION_FORMATS,
  WEEK_STARTS,
  type LocaleChoice,
  type WeekStart,
} from "@/lib/core/locale";
import { authedAction } from "@/lib/server/http/action";
import { logFailure } from "@/lib/server/log";

import { changeLocale, writeTheme } from "./server";
import { THEMES, type Theme } from "./theme";

const themeInputSchema = z.object({ theme: z.enum(THEMES) });

/**
 * Remembers the person's theme. The root layout draws it on <html>, so every page is drawn again:
 * the open one at once, the others when next shown.
 */
export const saveTheme = authedAction<typeof themeInputSchema, Theme>(
  ROLES,
  themeInputSchema,
  async ({ theme }, viewer) => {
    try {
      await writeTheme(viewer.id, theme);
    } catch (error) {
      logFailure("preferences: saving the theme", error);
      throw new AppError(503, "not_saved", "Daybook could not save the theme. Try again in a moment.");
    }
    revalidatePath("/", "layout");
    return { ok: true, data: theme };
  },
);

const localeInputSchema = z.object({
  language: z.enum(LANGUAGES),
  region: z.enum(REGION_FORMATS),
  hourCycle: z.enum(HOUR_CYCLES),
  weekStart: z.coerce
    .number()
    .refine((value): value is WeekStart => (WEEK_STARTS as readonly number[]).includes(value), "Choose a day."),
  // Checked against the zones this runtime knows in the action, to be refused in the person's words.
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});

/**
 * Remembers the person's language, formats and own zone. Only a preference changes: the session stays
 * as it is. Every page is drawn again in the new language, the open one at once. A zone this runtime
 * does not know is refused and nothing is stored: the person's earlier choice stays whole.
 */
export const saveLocale = authedAction<typeof localeInputSchema, LocaleChoice>(
  ROLES,
  localeInputSchema,
  async (input, viewer) => {
    // A field left empty goes back to the default, as for a person who never chose.
    const timeZone = input.timeZone.trim() === "" ? DEFAULT_TIME_ZONE : canonicalTimeZone(input.timeZone);
    if (!timeZone) {
      const [errors, t] = await Promise.all([getTranslations("errors"), getTranslations("settings.locale")]);
      return {
        ok: false,
        code: "invalid",
        message: errors("refusal.fields"),
        fieldErrors: { timeZone: t("unknownZone") },
      };
    }
    const choice: LocaleChoice = { ...input, weekStart: input.weekStart as WeekStart, timeZone };
    try {
      await changeLocale(viewer, choice);
    } catch (error) {
      logFailure("preferences: saving the language", error);
      const t = await getTranslations("settings.locale");
      throw new AppError(503, "not_saved", t("notSaved"));
    }
    revalidatePath("/", "layout");
    const t = await getTranslations({ locale: choice.language, namespace: "settings.locale" });
    return { ok: true, data: choice, message: t("savedBody") };
  },
);
