import { describe, expect, it } from "vitest";

import { DatabaseInUseError, IN_MEMORY, openDatabase } from "@/lib/server/db/open";

import { describeDatabaseFailure } from "./setup";

async function openFailure(databaseUrl: string): Promise<unknown> {
  try {
    const opened = await openDatabase({ databaseUrl, dataDir: IN_MEMORY });
    await opened.close();
  } catch (error) {
    return error;
  }
  throw new Error("the database was expected not to open");
}

describe("start-up's message when the database cannot be opened", () => {
  it("says what to fix, and never quotes the driver (which may hold the connection string's password)", async () => {
    // Port 1 on the loopback interface: nothing listens there.
    const error = await openFailure("postgres://daybook:not-for-logs@127.0.0.1:1/daybook");
    const message = describeDatabaseFailure(error);
    expect(message).toBe("the PostgreSQL server named in DATABASE_URL could not be reached");
    expect(message).not.toContain("not-for-logs");
  });

  it("names PostgreSQL's refusals by what they mean", () => {
    const refusal = (code: string) => Object.assign(new Error("password authentication failed for user x"), { code });
    expect(describeDatabaseFailure(refusal("28P01"))).toBe(
      "PostgreSQL refused the user name or password in DATABASE_URL",
    );
    expect(describeDatabaseFailure(refusal("3D000"))).toBe("the database named in DATABASE_URL does not exist");
  });

  it("keeps Daybook's own words for a database in use, and names anything else by name and code only", () => {
    expect(describeDatabaseFailure(new DatabaseInUseError("/srv/daybook/pglite", 4242))).toContain(
      "in use by process 4242",
    );
    const unknown = Object.assign(new Error("Failed query: …\nparams: someone@example.com"), { code: "XX000" });
    expect(describeDatabaseFailure(unknown)).toBe("the database could not be opened or migrated (Error XX000)");
  });
});
