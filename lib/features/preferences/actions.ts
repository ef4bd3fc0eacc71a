"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { ROLES } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { authedAction } from "@/lib/server/http/action";
import { logFailure } from "@/lib/server/log";

import { writeTheme } from "./server";
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
