import { z } from "zod";

import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";

/** The same rules as a password an admin sets (lib/features/admin/users.ts). */
const newPassword = z
  .string({ error: "Enter a new password." })
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(1024, "Use at most 1024 characters.");

const currentPassword = z
  .string({ error: "Enter your current password." })
  .min(1, "Enter your current password.")
  .max(1024, "That is not your current password.");

export const changePasswordSchema = z
  .object({ currentPassword, password: newPassword, passwordConfirm: z.string() })
  .refine((input) => input.password === input.passwordConfirm, {
    path: ["passwordConfirm"],
    error: "The two passwords are not the same.",
  })
  .refine((input) => input.password !== input.currentPassword, {
    path: ["password"],
    error: "Choose a password different from the current one.",
  });

const code = z
  .string({ error: "Enter the 6-digit code from your app." })
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, "Enter the 6-digit code from your app.");

export const confirmSecondFactorSchema = z.object({ code });

export const newRecoveryCodesSchema = z.object({ code });

export const disableSecondFactorSchema = z.object({ currentPassword });

export const noInput = z.object({});
