import { expect, it } from "vitest";

import { hasPermission, type Viewer } from "@/lib/core/access";
import { findUserById, insertUser, updateUser, viewerOf } from "@/lib/server/auth/users";
import { describeEachDatabase } from "@/tests/support/databases";

import { findPerson, listRequests } from "./server";

const supervisor: Viewer = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "supervisor@example.com",
  name: "Sam",
  role: "supervisor",
  allProperties: false,
  properties: ["Harbour View Hotel"],
  sessionId: "s",
};

it("refuses a supervisor without the privacy permission, before anything is read", async () => {
  await expect(listRequests(supervisor)).rejects.toMatchObject({ status: 403, code: "forbidden" });
  await expect(
    findPerson(supervisor, { by: "document number", documentNumber: "X1" }, { clientAddress: null }),
  ).rejects.toMatchObject({ status: 403, code: "forbidden" });
});

it("grants the permission to admins always, and to others only when given", () => {
  expect(hasPermission({ role: "admin" }, "privacy")).toBe(true);
  expect(hasPermission({ role: "supervisor" }, "privacy")).toBe(false);
  expect(hasPermission({ role: "supervisor", permissions: ["privacy"] }, "privacy")).toBe(true);
  expect(hasPermission({ role: "viewer", permissions: [] }, "privacy")).toBe(false);
});

describeEachDatabase("the privacy permission", (db) => {
  it("is granted by an admin's change to the account and holds for the person's next sessions", async () => {
    const user = await insertUser(db(), {
      email: "granted@example.com",
      name: "Grace",
      password: "a long enough password",
      role: "supervisor",
      allProperties: false,
      properties: ["Harbour View Hotel"],
    });
    expect(hasPermission(viewerOf(user, "s1"), "privacy")).toBe(false);
    await updateUser(db(), user.id, { permissions: ["privacy"] });
    const granted = viewerOf((await findUserById(db(), user.id))!, "s2");
    expect(granted.permissions).toEqual(["privacy"]);
    expect(hasPermission(granted, "privacy")).toBe(true);
    await updateUser(db(), user.id, { permissions: [] });
    expect(hasPermission(viewerOf((await findUserById(db(), user.id))!, "s3"), "privacy")).toBe(false);
  });
});
