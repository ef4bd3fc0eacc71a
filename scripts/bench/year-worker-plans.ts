/**
 * The worker's `plans` task, for `year.seq-scans`: on a copy of the seeded database, while
 * PostgreSQL logs every statement's plan, a guest found by name and date of birth, one found by
 * document number, and a returning guest erased, each once and each after a mark in the log
 * (`markStatement`), so that the plans after a mark are that step's.
 */
import { sql } from "drizzle-orm";

import { markStatement, type YearPlansAnswer } from "./year-plan";
import { open, readState } from "./year-worker-env";
import { privacyCalls } from "./year-worker-measure";

export async function plans(): Promise<void> {
  const state = readState();
  const opened = await open();
  const answer: YearPlansAnswer = { screens: [] };
  const step = async (screen: string, body: () => Promise<unknown>) => {
    await opened.db.execute(sql.raw(markStatement(screen)));
    answer.screens.push(screen);
    await body();
  };
  try {
    const { byDocument, byName, openErasure, erase } = privacyCalls(opened.db, new Date(state.clock));
    const guest = state.sample[0];
    if (!guest) throw new Error("the seeding recorded no guests to look for");
    await step("privacy-find-by-name", () => byName(guest));
    await step("privacy-find-by-document", () => byDocument(guest.documentNumber));
    const returning = state.plan.returning.find((planted) => planted.identity)?.identity;
    if (returning) {
      await step("privacy-erase", async () => {
        const outcome = await erase((await openErasure(returning.documentNumber)).id);
        if (!outcome.ok) throw new Error("the erasure was refused");
      });
    }
    await opened.db.execute(sql.raw(markStatement("-")));
  } finally {
    await opened.close();
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
