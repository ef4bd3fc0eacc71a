import { z } from "zod";

import { ROLES } from "@/lib/core/access";
import type { Messages } from "@/lib/core/catalogue";
import { issuerProblem, normalScopes, scopesProblem } from "@/lib/core/sso";
import { textInput } from "@/lib/core/text-input";

type SchemaKey = keyof Messages["admin"]["ssoActions"]["schema"];

/**
 * A refusal as its key in the catalogue (`admin.ssoActions.schema.*`): the schemas are made once for
 * every language, so the action says the refusal in the person's words (actions.ts).
 */
const say = (key: SchemaKey) => `schema.${key}` as const;

/** A form's field that is a list (checkboxes): one value arrives as a string. */
const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/**
 * lib/core/sso.ts words what is wrong with an issuer URL or the scopes in English, as the server's own
 * settings are checked with it too; the form's sentence for each is in the catalogue.
 */
const ISSUER_PROBLEMS: Record<string, SchemaKey> = {
  "must be an absolute URL such as https://login.example.com/realms/hotels": "issuerNotAbsolute",
  "must use https (plain http only for a loopback address)": "issuerNotHttps",
  "must not carry credentials": "issuerCredentials",
  "must not carry a query string or fragment": "issuerQuery",
};

const SCOPES_PROBLEMS: Record<string, SchemaKey> = {
  "must be scope names separated by spaces": "scopesNotNames",
  "must include openid": "scopesNoOpenid",
};

const problemOf = (check: (value: string) => string | null, sentences: Record<string, SchemaKey>, name: string) =>
  z.string().superRefine((value, ctx) => {
    const problem = check(value);
    if (!problem) return;
    const key = sentences[problem];
    // A problem lib/core/sso.ts has learnt since is still said, in its English words.
    ctx.addIssue({ code: "custom", message: key ? say(key) : `The ${name} ${problem}.` });
  });

export const connectionSchema = z.object({
  issuer: textInput()
    .trim()
    .min(1, say("issuerMissing"))
    .max(500)
    .pipe(problemOf(issuerProblem, ISSUER_PROBLEMS, "issuer URL")),
  clientId: textInput().trim().min(1, say("clientIdMissing")).max(500),
  // Blank keeps the stored secret: it is never shown again once saved.
  clientSecret: textInput().max(2000).optional(),
  scopes: textInput()
    .trim()
    .max(500)
    .pipe(problemOf(scopesProblem, SCOPES_PROBLEMS, "scopes"))
    .transform(normalScopes),
  label: textInput().trim().min(1, say("labelMissing")).max(80, say("labelTooLong")),
});

export const enabledSchema = z.object({
  enabled: z.union([z.boolean(), z.stringbool()], { error: say("enabledMissing") }),
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
    .min(1, say("groupClaimMissing"))
    .max(200)
    .regex(/^[\w.:/-]+$/, say("groupClaimInvalid")),
  requiredAmr: optionalWord,
  requiredAcr: optionalWord,
  passwordSignIn: z.enum(["everyone", "break_glass"], { error: say("passwordSignInMissing") }),
});

export const mappingSchema = z.object({
  group: textInput().trim().min(1, say("groupMissing")).max(300),
  role: z.enum(ROLES, { error: say("roleMissing") }),
  access: z.enum(["all", "selected"], { error: say("accessMissing") }),
  properties: z.preprocess(asList, z.array(textInput().trim().min(1).max(200)).max(1000)),
});

export const removeMappingSchema = z.object({ group: textInput().trim().min(1).max(300) });

const accountId = z.guid({ error: say("accountGone") });

export const breakGlassSchema = z.object({
  id: accountId,
  breakGlass: z.union([z.boolean(), z.stringbool()], { error: say("breakGlassMissing") }),
});

export const accessSourceSchema = z.object({
  id: accountId,
  source: z.enum(["hand", "mapping"], { error: say("sourceMissing") }),
});

export const unlinkSchema = z.object({ id: accountId });
