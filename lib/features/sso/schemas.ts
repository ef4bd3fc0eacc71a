import { z } from "zod";

import { ROLES } from "@/lib/core/access";
import { issuerProblem, normalScopes, scopesProblem } from "@/lib/core/sso";
import { textInput } from "@/lib/core/text-input";

/** A form's field that is a list (checkboxes): one value arrives as a string. */
const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

const problemOf = (check: (value: string) => string | null, name: string) =>
  z.string().superRefine((value, ctx) => {
    const problem = check(value);
    if (problem) ctx.addIssue({ code: "custom", message: `The ${name} ${problem}.` });
  });

export const connectionSchema = z.object({
  issuer: textInput().trim().min(1, "Enter the issuer URL.").max(500).pipe(problemOf(issuerProblem, "issuer URL")),
  clientId: textInput().trim().min(1, "Enter the client id.").max(500),
  // Blank keeps the stored secret: it is never shown again once saved.
  clientSecret: textInput().max(2000).optional(),
  scopes: textInput().trim().max(500).pipe(problemOf(scopesProblem, "scopes")).transform(normalScopes),
  label: textInput().trim().min(1, "Enter the button's words.").max(80, "Use at most 80 characters."),
});

export const enabledSchema = z.object({
  enabled: z.union([z.boolean(), z.stringbool()], { error: "Say whether to switch single sign-on on or off." }),
});

const optionalWord = textInput()
  .trim()
  .max(200)
  .transform((value) => (value === "" ? null : value));

export const policySchema = z.object({
  createAccounts: checkbox,
  trustProviderEmails: checkbox,
  strict: checkbox,
  groupClaim: textInput()
    .trim()
    .min(1, "Enter the claim that holds the groups (groups, by default).")
    .max(200)
    .regex(/^[\w.:/-]+$/, "A claim name has letters, digits and . _ : / - only."),
  requiredAmr: optionalWord,
  requiredAcr: optionalWord,
  passwordSignIn: z.enum(["everyone", "break_glass"], { error: "Choose who may sign in with a password." }),
});

export const mappingSchema = z.object({
  group: textInput().trim().min(1, "Enter the group as the provider names it.").max(300),
  role: z.enum(ROLES, { error: "Choose a role." }),
  access: z.enum(["all", "selected"], { error: "Choose all properties or some." }),
  properties: z.preprocess(asList, z.array(textInput().trim().min(1).max(200)).max(1000)),
});

export const removeMappingSchema = z.object({ group: textInput().trim().min(1).max(300) });

const accountId = z.guid({ error: "This account no longer exists." });

export const breakGlassSchema = z.object({
  id: accountId,
  breakGlass: z.union([z.boolean(), z.stringbool()], { error: "Say whether this account is break-glass." }),
});

export const accessSourceSchema = z.object({
  id: accountId,
  source: z.enum(["hand", "mapping"], { error: "Choose who decides this person's access." }),
});

export const unlinkSchema = z.object({ id: accountId });
