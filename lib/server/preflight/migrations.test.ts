import { describe, expect, it } from "vitest";

import { compareMigrations, describeMigrations, readJournal } from "./migrations";

const JOURNAL = [
  { tag: "0000_initial", when: 1000 },
  { tag: "0001_more", when: 2000 },
  { tag: "0002_latest", when: 3000 },
];

describe("compareMigrations", () => {
  it("holds when the newest applied migration is the newest known, as drizzle's migrator decides", () => {
    const state = compareMigrations(JOURNAL, [1000, 2000, 3000]);
    expect(state).toEqual({ ok: true, known: 3, applied: 3, pending: [], newer: 0 });
    expect(describeMigrations(state)).toBe("all 3 applied");
  });

  it("names the migrations not applied yet", () => {
    const state = compareMigrations(JOURNAL, [1000]);
    expect(state.ok).toBe(false);
    expect(describeMigrations(state)).toBe(
      "2 of 3 not applied yet (0001_more, 0002_latest); Daybook applies them when it starts",
    );
    expect(compareMigrations(JOURNAL, []).pending).toEqual(["0000_initial", "0001_more", "0002_latest"]);
  });

  it("fails a database a newer Daybook migrated", () => {
    const state = compareMigrations(JOURNAL, [1000, 2000, 3000, 4000]);
    expect(state).toMatchObject({ ok: false, newer: 1, pending: [] });
    expect(describeMigrations(state)).toMatch(/^the database has 1 migration this Daybook does not know/);
  });

  it("reads the project's own journal", () => {
    const journal = readJournal();
    expect(journal[0]).toMatchObject({ tag: "0000_initial" });
    expect(journal.every((entry) => Number.isInteger(entry.when))).toBe(true);
  });
});
