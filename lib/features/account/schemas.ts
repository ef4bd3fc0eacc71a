import { z } from "zod";

import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";

/** The longest password Daybook takes (the same as a password an admin sets). */
export const MAX_PASSWORD_LENGTH = 1024;

type SchemaKey = keyof (typeof import("@/lib/core/messages/en/account.json"))["schema"];

/**
 * A refusal as the catalogue's key (`account.schema.*`): the action says it in the person's language
 * (lib/features/account/worded.ts), with these limits.
 */
const say = (key: SchemaKey) => `schema.${key}`;
export const SCHEMA_LIMITS = { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH };

/** The same rules as a password an admin sets (lib/features/admin/users.ts). */
const newPassword = z
  .string({ error: say("newPasswordMissing") })
  .min(MIN_PASSWORD_LENGTH, say("tooShort"))
  .max(MAX_PASSWORD_LENGTH, say("tooLong"));

const currentPassword = z
  .string({ error: say("currentPasswordMissing") })
  .min(1, say("currentPasswordMissing"))
  .max(MAX_PASSWORD_LENGTH, say("notCurrentPassword"));

export const changePasswordSchema = z
  .object({ currentPassword, password: newPassword, passwordConfirm: z.string() })
  .refine((input) => input.password === input.passwordConfirm, {
    path: ["passwordConfirm"],
    error: say("notTheSame"),
  })
  .refine((input) => input.password !== input.currentPassword, {
    path: ["password"],
    error: say("sameAsCurrent"),
  });

const code = z
  .string({ error: say("codeMissing") })
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, say("codeMissing"));

export const confirmSecondFactorSchema = z.object({ code });

export const newRecoveryCodesSchema = z.object({ code });

export const disableSecondFactorSchema = z.object({ currentPassword });

export const noInput = z.object({});
