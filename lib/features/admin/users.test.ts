import { describe, expect, it } from "vitest";

import { messagesFor, translatorFor } from "@/lib/core/catalogue";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";

import {
  accessFromForm,
  accountChangeDetails,
  createUserSchema,
  distinctPropertyNames,
  propertyOptions,
  requiredRolesSchema,
  resetPasswordSchema,
  setUserEnabledSchema,
  updateUserSchema,
  type AccountFacts,
} from "./users";

describe("distinctPropertyNames", () => {
  it("lists each name once, counting the properties that share it, sorted", () => {
    expect(
      distinctPropertyNames([
        "Seaside Suites",
        "Harbour View Hotel",
        "Seaside Suites",
        "harbour  view hotel",
        "Alpine Lodge",
      ]),
    ).toEqual([
      { name: "Alpine Lodge", sharedBy: 1 },
      { name: "Harbour View Hotel", sharedBy: 2 },
      { name: "Seaside Suites", sharedBy: 2 },
    ]);
  });

  it("is empty when the key reaches nothing", () => {
    expect(distinctPropertyNames([])).toEqual([]);
  });
});

describe("propertyOptions", () => {
  const reachable = [
    { name: "Harbour View Hotel", sharedBy: 2 },
    { name: "Seaside Suites", sharedBy: 1 },
  ];

  it("checks the granted names, matching as the API does", () => {
    expect(propertyOptions(reachable, ["harbour view hotel"])).toEqual([
      { name: "Harbour View Hotel", sharedBy: 2, reached: true, checked: true },
      { name: "Seaside Suites", sharedBy: 1, reached: true, checked: false },
    ]);
  });

  it("keeps a granted name the key no longer reaches, marked as such", () => {
    expect(propertyOptions(reachable, ["Closed Inn", "Closed Inn"]).at(-1)).toEqual({
      name: "Closed Inn",
      sharedBy: 1,
      reached: false,
      checked: true,
    });
    expect(propertyOptions(reachable, ["Closed Inn", "Closed Inn"])).toHaveLength(3);
  });

  it("still lists what is granted when the API did not answer", () => {
    expect(propertyOptions(null, ["Seaside Suites"])).toEqual([
      { name: "Seaside Suites", sharedBy: 1, reached: null, checked: true },
    ]);
    expect(propertyOptions(null, [])).toEqual([]);
  });
});

const before: AccountFacts = { name: "Sam", role: "supervisor", allProperties: false, properties: ["A", "B"] };

describe("accountChangeDetails", () => {
  it("is null when nothing changed", () => {
    expect(accountChangeDetails(before, { ...before, properties: ["B", "A"] })).toBeNull();
  });

  it("records only what changed", () => {
    expect(accountChangeDetails(before, { ...before, role: "regional", properties: ["B", "C"] })).toEqual({
      roleBefore: "supervisor",
      roleAfter: "regional",
      propertiesAdded: ["C"],
      propertiesRemoved: ["A"],
    });
    expect(accountChangeDetails(before, { ...before, name: "Samira", allProperties: true, properties: [] })).toEqual({
      nameBefore: "Sam",
      nameAfter: "Samira",
      allPropertiesBefore: false,
      allPropertiesAfter: true,
      propertiesRemoved: ["A", "B"],
    });
  });

  it("records a permission granted or withdrawn", () => {
    const plain = { ...before, permissions: [] };
    expect(accountChangeDetails(plain, { ...plain, permissions: ["privacy"] })).toEqual({
      permissionsGranted: ["privacy"],
    });
    expect(accountChangeDetails({ ...plain, permissions: ["privacy"] }, plain)).toEqual({
      permissionsWithdrawn: ["privacy"],
    });
  });
});

const password = "p".repeat(MIN_PASSWORD_LENGTH);
const valid = {
  name: "  Rhea Regional ",
  email: " Rhea@Example.COM ",
  role: "regional",
  access: "selected",
  properties: "Harbour View Hotel",
  password,
  passwordConfirm: password,
};

function errorPaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => String(issue.path[0])) ?? [];
}

describe("createUserSchema", () => {
  it("trims, lower-cases the e-mail and turns one checkbox into a list", () => {
    expect(createUserSchema.parse(valid)).toMatchObject({
      name: "Rhea Regional",
      email: "rhea@example.com",
      properties: ["Harbour View Hotel"],
    });
    expect(createUserSchema.parse({ ...valid, properties: undefined }).properties).toEqual([]);
    expect(createUserSchema.parse({ ...valid, properties: ["A", "B"] }).properties).toEqual(["A", "B"]);
  });

  it("names each bad field", () => {
    const result = createUserSchema.safeParse({ ...valid, name: " ", email: "nope", role: "owner", access: "" });
    expect(errorPaths(result).sort()).toEqual(["access", "email", "name", "role"]);
  });

  it("wants a long enough password, typed the same twice", () => {
    expect(errorPaths(createUserSchema.safeParse({ ...valid, password: "short", passwordConfirm: "short" }))).toEqual([
      "password",
    ]);
    expect(errorPaths(createUserSchema.safeParse({ ...valid, passwordConfirm: `${password}x` }))).toEqual([
      "passwordConfirm",
    ]);
  });
});

describe("the other account schemas", () => {
  const id = "3f1c8f8e-2f4b-4c55-9a43-0d7c5b3f2a11";

  it("updateUserSchema reads the permission checkboxes, and refuses a permission Daybook does not know", () => {
    expect(updateUserSchema.parse({ ...valid, id, permissions: "privacy" }).permissions).toEqual(["privacy"]);
    expect(updateUserSchema.parse({ ...valid, id }).permissions).toEqual([]);
    expect(errorPaths(updateUserSchema.safeParse({ ...valid, id, permissions: ["root"] }))).toEqual(["permissions"]);
  });

  it("updateUserSchema needs an account id", () => {
    expect(updateUserSchema.safeParse({ ...valid, id }).success).toBe(true);
    expect(errorPaths(updateUserSchema.safeParse({ ...valid, id: "1 or 1=1" }))).toEqual(["id"]);
  });

  it("setUserEnabledSchema reads the form's text and plain booleans", () => {
    expect(setUserEnabledSchema.parse({ id, enabled: "false" }).enabled).toBe(false);
    expect(setUserEnabledSchema.parse({ id, enabled: "true" }).enabled).toBe(true);
    expect(setUserEnabledSchema.parse({ id, enabled: true }).enabled).toBe(true);
    expect(setUserEnabledSchema.safeParse({ id, enabled: "perhaps" }).success).toBe(false);
  });

  it("resetPasswordSchema checks both passwords", () => {
    expect(resetPasswordSchema.safeParse({ id, password, passwordConfirm: password }).success).toBe(true);
    expect(errorPaths(resetPasswordSchema.safeParse({ id, password, passwordConfirm: "" }))).toEqual([
      "passwordConfirm",
    ]);
  });
});

describe("accessFromForm", () => {
  it("drops the list for all properties and duplicates otherwise", () => {
    expect(accessFromForm({ access: "all", properties: ["A"] })).toEqual({ allProperties: true, properties: [] });
    expect(accessFromForm({ access: "selected", properties: ["A", "B", "A"] })).toEqual({
      allProperties: false,
      properties: ["A", "B"],
    });
  });
});

describe("the schemas' refusals", () => {
  const id = "3f1c8f8e-2f4b-4c55-9a43-0d7c5b3f2a11";
  const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries(result.error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? []);
  const refusals = {
    ...messagesOf(createUserSchema.safeParse({ ...valid, name: " ", email: "nope", role: "owner", access: "" })),
    ...messagesOf(createUserSchema.safeParse({ ...valid, password: "short", passwordConfirm: "short" })),
    ...messagesOf(resetPasswordSchema.safeParse({ id: "nope", password, passwordConfirm: "" })),
    ...messagesOf(updateUserSchema.safeParse({ ...valid, id, permissions: ["root"] })),
    ...messagesOf(setUserEnabledSchema.safeParse({ id, enabled: "perhaps" })),
    ...messagesOf(requiredRolesSchema.safeParse({ roles: ["owner"] })),
  };

  it("name their words by key, for the action to put in the person's language", () => {
    expect(refusals).toEqual({
      name: "nameMissing",
      email: "emailInvalid",
      role: "roleMissing",
      access: "accessMissing",
      password: "passwordTooShort",
      id: "noSuchAccount",
      passwordConfirm: "passwordsDiffer",
      permissions: "permissionUnknown",
      enabled: "enabledMissing",
      roles: "roleUnknown",
    });
  });

  it("have words for each key in English and French", () => {
    const keys = Object.values(refusals);
    for (const language of ["en", "fr"] as const)
      expect(Object.keys(messagesFor(language).admin.validation)).toEqual(expect.arrayContaining(keys));
    const t = translatorFor("en", "admin");
    expect(t("validation.passwordTooShort", { min: MIN_PASSWORD_LENGTH })).toBe(
      `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
    );
    expect(t("validation.emailInvalid")).toBe("Enter an e-mail address such as name@example.com.");
  });
});
