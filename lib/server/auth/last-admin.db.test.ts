import { beforeAll, expect, it } from "vitest";

import { setUserDisabled, updateUser } from "@/lib/server/auth/users";
import type { User } from "@/lib/server/db/schema";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

/** A database of its own per kind: the count of enabled admins is the whole point. */
describeEachDatabase("the last enabled admin", (db) => {
  let ada: User;
  let bob: User;
  beforeAll(async () => {
    ada = await addUser(db(), uniqueEmail("ada"), { role: "admin" });
    bob = await addUser(db(), uniqueEmail("bob"), { role: "admin" });
  });

  it("is kept when two admins demote each other at once: one change stands, the other is refused", async () => {
    const outcomes = await Promise.allSettled([
      updateUser(db(), ada.id, { role: "viewer" }),
      updateUser(db(), bob.id, { role: "viewer" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: "last_admin" });
  });

  it("cannot be disabled, by anyone", async () => {
    const admins = await Promise.all([ada, bob].map(async (user) => (await updateUser(db(), user.id, {}))!));
    const last = admins.find((user) => user.role === "admin")!;
    await expect(setUserDisabled(db(), last.id, true)).rejects.toMatchObject({ code: "last_admin" });
    // With a second admin enabled, the first may go.
    const other = admins.find((user) => user.id !== last.id)!;
    await updateUser(db(), other.id, { role: "admin" });
    expect((await setUserDisabled(db(), last.id, true))?.disabledAt).not.toBeNull();
  });
});
