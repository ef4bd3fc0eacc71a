/**
 * The worker's `seed` task: the days of the plan, oldest first, each pulled by Daybook's `runSync`
 * from the simulator at its pull time, the planted returning guests and the noted ones recorded, and
 * the demo's reviews and sign-offs made; resumes where an earlier run stopped.
 */
import { addDays } from "@/lib/core/days";
import { signOffDemoLists } from "@/lib/features/review/demo";
import { QUEUED_DAYS } from "@/lib/features/sync/demo";
import { runSync } from "@/lib/features/sync/run";
import { findUserByEmail, insertUser } from "@/lib/server/auth/users";
import { getConfig } from "@/lib/server/config";
import type { Database } from "@/lib/server/db/open";
import type { PartnerApiClient } from "@/lib/server/partner-api";
import type { GuestArrival, GuestsReport } from "@/lib/server/partner-api/schemas";

import { pullAt, SECOND_PULL_AT, SUPERVISOR, type Identity, type YearState } from "./year-plan";
import { apiClient, ms, open, progress, readState, saveState, setClock } from "./year-worker-env";

/** A guest the privacy rows can look for: named, born, with a document number, matched by nothing. */
function plain(item: GuestArrival): boolean {
  return Boolean(
    item.firstName &&
    item.lastName &&
    item.dateOfBirth &&
    item.identificationNumber &&
    item.matchedBanAtCheckIn !== true &&
    !item.hasCriminalRecord &&
    !item.isSexualOffender,
  );
}

function identityOf(item: GuestArrival, day: string): Identity {
  return {
    day,
    firstName: item.firstName!,
    middleName: item.middleName ?? null,
    lastName: item.lastName!,
    dateOfBirth: item.dateOfBirth!,
    documentNumber: item.identificationNumber!,
  };
}

/**
 * The API client runSync pulls with, as it is, except that on the plan's days one arrival becomes a
 * returning guest: the simulator never repeats a guest, and an erasure is measured on a person
 * found on several days. Only that arrival's name, date of birth and document number change (it has
 * no screening match, so no criminal arrival names it); it is also where the guests found across the
 * year come from.
 */
function plantingClient(api: PartnerApiClient, state: YearState, current: { day: string }): PartnerApiClient {
  return {
    ...api,
    guests: async (filter, call) => {
      const report: GuestsReport = await api.guests(filter, call);
      const day = current.day;
      const candidates = report.items.filter((item) => item.checkInDateLocal === day && plain(item));
      if (candidates.length === 0) return report;
      for (const [index, guest] of state.plan.returning.entries()) {
        const visit = guest.days.indexOf(day);
        if (visit < 0) continue;
        const item = candidates[(index * 997 + 17) % candidates.length]!;
        if (visit === 0 && !guest.identity) guest.identity = identityOf(item, day);
        else if (guest.identity) {
          Object.assign(item, {
            firstName: guest.identity.firstName,
            middleName: guest.identity.middleName,
            lastName: guest.identity.lastName,
            dateOfBirth: guest.identity.dateOfBirth,
            identificationNumber: guest.identity.documentNumber,
          });
        }
      }
      for (const [index, sampleDay] of state.plan.sampleDays.entries()) {
        if (sampleDay !== day || state.sample.some((found) => found.index === index)) continue;
        const item = candidates[(index * 7919 + 3) % candidates.length]!;
        state.sample.push({ index, ...identityOf(item, day) });
      }
      return report;
    },
  };
}

/**
 * The server's first admin (DAYBOOK_ADMIN_EMAIL, DAYBOOK_ADMIN_PASSWORD) as its first start would
 * make it, since a database with accounts gets none from the server; then the supervisor.
 */
async function ensureAccounts(db: Database) {
  const admin = getConfig().firstAdmin;
  if (admin && !(await findUserByEmail(db, admin.email))) {
    await insertUser(db, { ...admin, name: "Administrator", role: "admin", allProperties: true, properties: [] });
  }
  if (await findUserByEmail(db, SUPERVISOR.email)) return;
  await insertUser(db, { ...SUPERVISOR, role: "supervisor", allProperties: true, properties: [] });
}

export async function seed(): Promise<void> {
  const state = readState();
  const { days } = state.plan;
  const last = days.at(-1)!;
  const retentionDays = getConfig().history.retentionDays;
  const opened = await open();
  const started = performance.now();
  const current = { day: days[0]! };
  const api = plantingClient(apiClient(), state, current);
  try {
    await ensureAccounts(opened.db);
    // The demo's supervisor work: lists older than its queue's days reviewed and signed off. On
    // PostgreSQL a day's sign-offs run while the next day is pulled (another connection of the pool).
    const overlap = opened.kind === "postgres";
    let lastMark = performance.now();
    type Job = { day: string; index: number; pullMs: number; signOff: Promise<number> };
    const signOff = async (day: string): Promise<number> => {
      if (day > addDays(last, -QUEUED_DAYS)) return 0;
      const signStarted = performance.now();
      state.stored.signedOffLists += await signOffDemoLists(opened.db, {
        supervisorEmail: SUPERVISOR.email,
        from: day,
        through: day,
      });
      const took = ms(signStarted);
      state.timing.signOffMs += took;
      return took;
    };
    const finish = async (job: Job) => {
      const signOffMs = await job.signOff;
      state.doneThrough = job.day;
      state.timing.seedSeconds += (performance.now() - lastMark) / 1000;
      lastMark = performance.now();
      state.timing.daysSeeded += 1;
      saveState(state);
      if ((job.index + 1) % 10 === 0 || job.index === days.length - 1) {
        const perDay = state.timing.seedSeconds / state.timing.daysSeeded;
        progress(
          `${job.index + 1}/${days.length} days (${job.day}): ${perDay.toFixed(1)} s a day (this one: pull ${job.pullMs} ms, ` +
            `sign-offs ${signOffMs} ms${overlap ? " beside the next pull" : ""}), ` +
            `about ${Math.round(((days.length - job.index - 1) * perDay) / 60)} min to go`,
        );
      }
    };
    let signing: Job | null = null;
    let firstPull = true;
    for (const [index, day] of days.entries()) {
      // A run that stopped part-way: what it finished stays, the day it was at is done again.
      if (state.doneThrough !== null && day <= state.doneThrough) continue;
      const pullStarted = performance.now();
      current.day = day;
      let pullMs = 0;
      if (state.storedThrough === null || day > state.storedThrough) {
        const at = pullAt(day);
        await setClock(at);
        const pulled = await runSync(opened.db, api, { now: new Date(at), trigger: "command", retentionDays });
        if (pulled.status !== "finished") throw new Error(`the pull of ${day} was skipped`);
        // A stop between this pull's commit and the state saved below leaves the day stored: pulled
        // again on resuming, it has nothing new.
        if (pulled.run.outcome !== "stored" && !(firstPull && pulled.run.outcome === "nothing new"))
          throw new Error(`the pull of ${day} ended ${pulled.run.outcome}`);
        pullMs = ms(pullStarted);
        for (const endpoint of pulled.run.endpoints) {
          if (endpoint.endpoint === "guests") state.stored.arrivals += endpoint.itemCount ?? 0;
          if (endpoint.endpoint === "criminal-arrivals") state.stored.criminalArrivals += endpoint.itemCount ?? 0;
        }
        // As the demo does: the latest days pulled a second time later that day (bans made since the
        // stay are read then), when that time has come by the bench's clock.
        const second = `${addDays(day, 1)}${SECOND_PULL_AT}`;
        if (index >= days.length - 5 && Date.parse(second) <= Date.parse(state.clock)) {
          await setClock(second);
          await runSync(opened.db, api, { now: new Date(second), trigger: "command", retentionDays });
          state.stored.secondPulls += 1;
        }
        state.storedThrough = day;
        state.timing.pullMs += pullMs;
        saveState(state);
        firstPull = false;
      }
      if (signing) await finish(signing);
      signing = { day, index, pullMs, signOff: signOff(day) };
      // Awaited by `finish`; a pull failing first ends the seeding with its own error.
      signing.signOff.catch(() => undefined);
      if (!overlap) {
        await finish(signing);
        signing = null;
      }
    }
    if (signing) await finish(signing);
    state.complete = true;
    saveState(state);
  } finally {
    await setClock(state.clock).catch(() => undefined);
    await opened.close();
  }
  process.stdout.write(
    `${JSON.stringify({ seconds: Math.round((performance.now() - started) / 1000), stored: state.stored })}\n`,
  );
}
