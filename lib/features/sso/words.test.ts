import { describe, expect, it } from "vitest";
import type { z } from "zod";

import { messagesFor } from "@/lib/core/catalogue";
import { LAST_ADMIN_MESSAGE, LAST_BREAK_GLASS_MESSAGE } from "@/lib/server/auth/users";

import {
  accessSourceSchema,
  breakGlassSchema,
  connectionSchema,
  enabledSchema,
  mappingSchema,
  policySchema,
} from "./schemas";

const english = messagesFor("en").admin.ssoActions;
const french = messagesFor("fr").admin.ssoActions;

/** The message of the first refusal of `field`. */
function refusal(schema: z.ZodType, input: Record<string, unknown>, field: string): string | undefined {
  return schema.safeParse(input).error?.issues.find((issue) => issue.path[0] === field)?.message;
}

/** A schema's refusal is a key under admin.ssoActions: its words in a language, or undefined if it is none. */
function inWords(message: string | undefined, words: typeof english): string | undefined {
  const key = message?.match(/^schema\.(\w+)$/)?.[1];
  return key === undefined ? undefined : (words.schema as Record<string, string>)[key];
}

const connection = {
  issuer: "https://login.example.com/realms/hotels",
  clientId: "daybook",
  scopes: "openid email groups",
  label: "Sign in with Contoso",
};
const policy = {
  createAccounts: "on",
  groupClaim: "groups",
  requiredAmr: "",
  requiredAcr: "",
  passwordSignIn: "everyone",
};
const mapping = { group: "front-desk", role: "viewer", access: "all" };
const account = "8c6f2f4e-2b8a-4a4e-9a43-3f5c2d1e0b7a";

describe("the single sign-on forms' refusals", () => {
  it("accepts the forms as filled in", () => {
    expect(connectionSchema.safeParse(connection).success).toBe(true);
    expect(policySchema.safeParse(policy).success).toBe(true);
    expect(mappingSchema.safeParse(mapping).success).toBe(true);
    expect(breakGlassSchema.safeParse({ id: account, breakGlass: "true" }).success).toBe(true);
    expect(accessSourceSchema.safeParse({ id: account, source: "hand" }).success).toBe(true);
  });

  it.each<[string, z.ZodType, Record<string, unknown>, string, string]>([
    ["a blank issuer", connectionSchema, { ...connection, issuer: " " }, "issuer", "Enter the issuer URL."],
    [
      "an issuer that is no URL",
      connectionSchema,
      { ...connection, issuer: "login.example.com" },
      "issuer",
      "The issuer URL must be an absolute URL such as https://login.example.com/realms/hotels.",
    ],
    [
      "an issuer over plain http",
      connectionSchema,
      { ...connection, issuer: "http://login.example.com" },
      "issuer",
      "The issuer URL must use https (plain http only for a loopback address).",
    ],
    [
      "an issuer with credentials",
      connectionSchema,
      { ...connection, issuer: "https://ada:secret@login.example.com" },
      "issuer",
      "The issuer URL must not carry credentials.",
    ],
    [
      "an issuer with a query",
      connectionSchema,
      { ...connection, issuer: "https://login.example.com/?realm=hotels" },
      "issuer",
      "The issuer URL must not carry a query string or fragment.",
    ],
    ["a blank client id", connectionSchema, { ...connection, clientId: "" }, "clientId", "Enter the client id."],
    [
      "scopes that are no names",
      connectionSchema,
      { ...connection, scopes: 'openid "email"' },
      "scopes",
      "The scopes must be scope names separated by spaces.",
    ],
    [
      "scopes without openid",
      connectionSchema,
      { ...connection, scopes: "email" },
      "scopes",
      "The scopes must include openid.",
    ],
    ["a blank button", connectionSchema, { ...connection, label: "" }, "label", "Enter the button's words."],
    [
      "a long button",
      connectionSchema,
      { ...connection, label: "x".repeat(81) },
      "label",
      "Use at most 80 characters.",
    ],
    ["no on or off", enabledSchema, { enabled: "maybe" }, "enabled", "Say whether to switch single sign-on on or off."],
    [
      "a blank group claim",
      policySchema,
      { ...policy, groupClaim: "" },
      "groupClaim",
      "Enter the claim that holds the groups (groups, by default).",
    ],
    [
      "a group claim with spaces",
      policySchema,
      { ...policy, groupClaim: "realm roles" },
      "groupClaim",
      "A claim name has letters, digits and . _ : / - only.",
    ],
    [
      "no password choice",
      policySchema,
      { ...policy, passwordSignIn: "nobody" },
      "passwordSignIn",
      "Choose who may sign in with a password.",
    ],
    ["a blank group", mappingSchema, { ...mapping, group: "" }, "group", "Enter the group as the provider names it."],
    ["an unknown role", mappingSchema, { ...mapping, role: "owner" }, "role", "Choose a role."],
    ["no access", mappingSchema, { ...mapping, access: "some" }, "access", "Choose all properties or some."],
    [
      "an account id that is none",
      breakGlassSchema,
      { id: "42", breakGlass: true },
      "id",
      "This account no longer exists.",
    ],
    [
      "no break-glass choice",
      breakGlassSchema,
      { id: account, breakGlass: "perhaps" },
      "breakGlass",
      "Say whether this account is break-glass.",
    ],
    [
      "no one deciding",
      accessSourceSchema,
      { id: account, source: "both" },
      "source",
      "Choose who decides this person's access.",
    ],
  ])("refuses %s by a catalogue key, in English as before and in French", (_case, schema, input, field, words) => {
    const message = refusal(schema, input, field);
    expect(message).toMatch(/^schema\.\w+$/);
    expect(inWords(message, english)).toBe(words);
    const inFrench = inWords(message, french);
    expect(inFrench).toBeTruthy();
    expect(inFrench).not.toBe(words);
  });
});

describe("the single sign-on actions' words", () => {
  it("say the refusals that keep an admin as lib/server/auth/users.ts words them", () => {
    expect(english.lastAdmin).toBe(LAST_ADMIN_MESSAGE);
    expect(english.lastBreakGlass).toBe(LAST_BREAK_GLASS_MESSAGE);
    expect(french.lastBreakGlass).not.toBe(LAST_BREAK_GLASS_MESSAGE);
  });
});
