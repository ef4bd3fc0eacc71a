import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { ROLES } from "@/lib/db/schema";

/** A form sends one checkbox as a string, several as an array, none as nothing. */
const asList = (value: unknown) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);

const accountId = z.guid({ error: "That account does not exist." });
const name = z.string().trim().min(1, "Enter a name.").max(120, "Keep the name to 120 characters or fewer.");
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter an e-mail address.")
  .max(254, "An e-mail address has at most 254 characters.")
  .pipe(z.email({ error: "Enter an e-mail address such as name@example.com." }));
const role = z.enum(ROLES, { error: "Choose a role." });
const access = z.enum(["all", "selected"], { error: "Choose which properties this person sees." });
const properties = z.preprocess(
  asList,
  z.array(z.string().trim().min(1).max(200, "A property name has at most 200 characters.")).max(1000),
);
const password = z
  .string({ error: "Enter a password." })
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(1024, "Use at most 1024 characters.");

const samePassword = {
  check: (input: { password: string; passwordConfirm: string }) => input.password === input.passwordConfirm,
  params: { path: ["passwordConfirm"], error: "The two passwords are not the same." },
};

export const createUserSchema = z
  .object({ name, email, role, access, properties, password, passwordConfirm: z.string() })
  .refine(samePassword.check, samePassword.params);

export const updateUserSchema = z.object({ id: accountId, name, role, access, properties });

export const setUserEnabledSchema = z.object({
  id: accountId,
  enabled: z.union([z.boolean(), z.stringbool()], { error: "Say whether to enable or disable the account." }),
});

export const resetPasswordSchema = z
  .object({ id: accountId, password, passwordConfirm: z.string() })
  .refine(samePassword.check, samePassword.params);

/** What the access radio and checkboxes mean in the users table. */
export function accessFromForm(input: { access: "all" | "selected"; properties: string[] }) {
  return input.access === "all"
    ? { allProperties: true, properties: [] }
    : { allProperties: false, properties: [...new Set(input.properties)] };
}
