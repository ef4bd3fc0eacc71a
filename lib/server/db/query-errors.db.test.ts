import { inspect } from "node:util";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { users } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

import { DatabaseQueryError } from "./query-errors";

const EMAIL = "leak.check@example.com";
const HASH = "scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=";

/** Everything a log could print of an error: its message, its stack, and Node's inspection of it (causes included). */
const printed = (error: unknown) => `${String(error)}\n${(error as Error).stack}\n${inspect(error, { depth: 10 })}`;

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("the query was expected to fail");
}

describeEachDatabase("query errors", (db) => {
  it("a failed insert says which constraint refused it, and nothing of the values bound to it", async () => {
    const row = { email: EMAIL, name: "Leak Check", passwordHash: HASH, role: "viewer" as const };
    await db().insert(users).values(row);
    const error = await failure(() => db().insert(users).values(row));
    expect(error).toBeInstanceOf(DatabaseQueryError);
    expect(error).toMatchObject({ code: "23505", constraint: "users_email_unique", table: "users" });
    expect((error as Error).message).toBe("Database insert failed (23505 on users_email_unique)");
    const text = printed(error);
    for (const secret of [EMAIL, HASH, "Leak Check", "a2V5a2V5"]) expect(text).not.toContain(secret);
  });

  it("a value the database cannot read is not quoted back, inside a transaction too", async () => {
    const error = await failure(() =>
      db().transaction((tx) => tx.select().from(users).where(eq(users.id, "D1234567-not-a-uuid"))),
    );
    expect(error).toMatchObject({ name: "DatabaseQueryError", code: "22P02" });
    expect(printed(error)).not.toContain("D1234567");
  });

  it("raw statements are covered as well", async () => {
    const error = await failure(() => db().execute(sql`select ${"1985-03-14T00:00:00"}::int`));
    expect(error).toMatchObject({ name: "DatabaseQueryError", code: "22P02" });
    expect(printed(error)).not.toContain("1985-03-14");
  });
});
