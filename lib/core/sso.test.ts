import { describe, expect, it } from "vitest";

import {
  admit,
  claimValues,
  emailVouchedFor,
  mappedAccess,
  meetsAuthentication,
  NO_ACCESS,
  sameAccess,
  type GroupMapping,
} from "./sso";

const MAPPINGS: GroupMapping[] = [
  {
    group: "hotel-supervisors-west",
    role: "supervisor",
    allProperties: false,
    properties: ["Harbour View Hotel", "Riverside & Co. Hotel"],
  },
  {
    group: "hotel-supervisors-east",
    role: "supervisor",
    allProperties: false,
    properties: ["Seaside Suites", "Harbour View Hotel"],
  },
  { group: "harbour-view-managers", role: "viewer", allProperties: false, properties: ["Harbour View Hotel"] },
  { group: "regional-north", role: "regional", allProperties: true, properties: [] },
  { group: "daybook-admins", role: "admin", allProperties: true, properties: [] },
];

const rules = { strict: true, requiredAmr: null, requiredAcr: null };
const handSet = { role: "supervisor" as const, allProperties: false, properties: ["Seaside Suites"] };

describe("claimValues", () => {
  it("reads a list, a single string, or a dotted path, and nothing else", () => {
    expect(claimValues({ groups: ["a", "b", 3, ""] }, "groups")).toEqual(["a", "b"]);
    expect(claimValues({ groups: "a" }, "groups")).toEqual(["a"]);
    expect(claimValues({ realm_access: { roles: ["x"] } }, "realm_access.roles")).toEqual(["x"]);
    // A claim whose own name holds a dot (as some providers namespace them) is read first.
    expect(claimValues({ "https://example.com/groups": ["y"] }, "https://example.com/groups")).toEqual(["y"]);
    expect(claimValues({ groups: { a: 1 } }, "groups")).toEqual([]);
    expect(claimValues({}, "groups")).toEqual([]);
    expect(claimValues({ groups: null }, "groups.deeper")).toEqual([]);
  });
});

describe("mappedAccess", () => {
  it("gives the matching mapping's role and properties", () => {
    expect(mappedAccess(["hotel-supervisors-west"], MAPPINGS)).toEqual({
      role: "supervisor",
      allProperties: false,
      properties: ["Harbour View Hotel", "Riverside & Co. Hotel"],
    });
  });

  it("joins the properties of every matching mapping of the same role, once each", () => {
    expect(mappedAccess(["hotel-supervisors-west", "hotel-supervisors-east"], MAPPINGS)?.properties).toEqual([
      "Harbour View Hotel",
      "Riverside & Co. Hotel",
      "Seaside Suites",
    ]);
  });

  it("takes the role reaching furthest, with that role's properties only", () => {
    expect(mappedAccess(["harbour-view-managers", "hotel-supervisors-east"], MAPPINGS)).toEqual({
      role: "supervisor",
      allProperties: false,
      properties: ["Harbour View Hotel", "Seaside Suites"],
    });
    expect(mappedAccess(["regional-north", "daybook-admins", "harbour-view-managers"], MAPPINGS)).toEqual({
      role: "admin",
      allProperties: true,
      properties: [],
    });
  });

  it("gives nothing for unknown groups, no groups, or groups spelt otherwise", () => {
    expect(mappedAccess(["somebody-else"], MAPPINGS)).toBeNull();
    expect(mappedAccess([], MAPPINGS)).toBeNull();
    expect(mappedAccess(["Hotel-Supervisors-West"], MAPPINGS)).toBeNull();
  });
});

describe("admit", () => {
  const mapped = mappedAccess(["hotel-supervisors-west"], MAPPINGS);

  it("gives a person whose access follows the groups what the mapping gives, every time", () => {
    const account = { disabled: false, accessSource: "mapping" as const, hand: NO_ACCESS };
    expect(admit(account, {}, mapped, rules)).toEqual({ ok: true, access: mapped, mapped });
  });

  it("refuses a person the mapping gives no role in strict mode; lets them in with no properties otherwise", () => {
    const account = { disabled: false, accessSource: "mapping" as const, hand: NO_ACCESS };
    expect(admit(account, {}, null, rules)).toEqual({ ok: false, refusal: "no_role" });
    expect(admit(account, {}, null, { ...rules, strict: false })).toEqual({
      ok: true,
      access: NO_ACCESS,
      mapped: null,
    });
  });

  it("keeps what an admin set by hand, whatever the groups give, and records the groups' access beside it", () => {
    const account = { disabled: false, accessSource: "hand" as const, hand: handSet };
    expect(admit(account, {}, mapped, rules)).toEqual({ ok: true, access: handSet, mapped });
    expect(admit(account, {}, null, rules)).toEqual({ ok: true, access: handSet, mapped: null });
  });

  it("refuses a disabled account before anything else", () => {
    expect(admit({ disabled: true, accessSource: "mapping", hand: NO_ACCESS }, {}, mapped, rules)).toEqual({
      ok: false,
      refusal: "disabled",
    });
  });

  it("refuses a sign-in without the required authentication method or level", () => {
    const account = { disabled: false, accessSource: "mapping" as const, hand: NO_ACCESS };
    const mfa = { ...rules, requiredAmr: "mfa" };
    expect(admit(account, { amr: ["pwd"] }, mapped, mfa)).toEqual({ ok: false, refusal: "second_factor" });
    expect(admit(account, { amr: ["pwd", "mfa"] }, mapped, mfa).ok).toBe(true);
    expect(meetsAuthentication({ acr: "urn:low" }, { ...rules, requiredAcr: "urn:high" })).toBe(false);
    expect(meetsAuthentication({ acr: "urn:high" }, { ...rules, requiredAcr: "urn:high" })).toBe(true);
  });
});

describe("sameAccess", () => {
  it("compares role, reach and properties in any order", () => {
    expect(sameAccess(handSet, { ...handSet, properties: ["Seaside Suites"] })).toBe(true);
    expect(sameAccess(handSet, { ...handSet, role: "viewer" })).toBe(false);
    expect(sameAccess({ ...handSet, properties: ["a", "b"] }, { ...handSet, properties: ["b", "a"] })).toBe(true);
    expect(sameAccess(null, null)).toBe(true);
    expect(sameAccess(handSet, null)).toBe(false);
  });
});

describe("emailVouchedFor", () => {
  it("takes the provider's email_verified, as a boolean or the string some send", () => {
    expect(emailVouchedFor({ email_verified: true }, false)).toBe(true);
    expect(emailVouchedFor({ email_verified: "true" }, false)).toBe(true);
    expect(emailVouchedFor({ email_verified: false }, false)).toBe(false);
    expect(emailVouchedFor({}, false)).toBe(false);
  });

  it("trusts a provider that never sends the claim only when told to, and never one that says no", () => {
    expect(emailVouchedFor({}, true)).toBe(true);
    expect(emailVouchedFor({ email_verified: false }, true)).toBe(false);
    expect(emailVouchedFor({ email_verified: "false" }, true)).toBe(false);
  });
});
