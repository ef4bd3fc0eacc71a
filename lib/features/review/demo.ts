import { canSeeProperty } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import type { MatchOutcome } from "@/lib/core/match-outcomes";
import { readStoredCriminalArrivals } from "@/lib/features/history/criminal-range";
import { placeArrivals } from "@/lib/features/history/placement";
import { findUserByEmail } from "@/lib/server/auth/users";
import type { Database } from "@/lib/server/db/types";

import { itemKeyOf } from "./item-key";
import { listId, listOf, type ListRef } from "./list";
import { reviewItem, signOffList, standingSignOffs, type Finding, type ReviewedItem } from "./repository";

const HOUR = 3_600_000;

/**
 * What the demo supervisor found, by a bucket of 20 the item's key falls in (its first 32 bits), so
 * the same guest always gets the same outcome and the mix holds on any stretch of days: about two
 * thirds the same person, 15 % not the same person (false matches), 10 % records outdated and 10 %
 * not verified; the police contacted for one confirmed match in seven. Notes say what a desk
 * would, never a name.
 */
export function demoFinding(itemKey: string): Finding {
  const bucket = Number.parseInt(itemKey.slice(0, 8), 16) % 20;
  const outcome: MatchOutcome =
    bucket < 14 ? "confirmed" : bucket < 17 ? "false_match" : bucket < 19 ? "outdated" : "unverified";
  const notes: Partial<Record<MatchOutcome, string>> = {
    false_match: "Date of birth on the passport differs from the record's.",
    outdated: "The conviction was overturned; the record has not caught up.",
    unverified: "The guest had left before the document could be compared.",
  };
  return { outcome, policeContacted: bucket < 2, note: notes[outcome] ?? null };
}

/** A review of a history from before outcomes were asked: none recorded, as an upgrade leaves them. */
const BEFORE_OUTCOMES: Finding = { outcome: null, policeContacted: false, note: null };

/**
 * The demo supervisor's past work, so sign-off timeliness and the Investigations' outcome figures
 * have something to show from the first start: the lists of days up to `through` are reviewed and
 * signed off, some within the overdue hours and some late; newer days stay in the queue to work
 * through. Each review has an outcome (`demoFinding`), except on the oldest day of a history filled
 * in one run (`from` before `through`): that day stands for the reviews made before outcomes were
 * asked, signed off as they were, so the screens show a review without one. Seeded data, not
 * actions: nothing is audited. Run again over the same days (after an interruption), it goes on
 * where it stopped: lists already signed off are left as they are, and items already reviewed keep
 * their review.
 */
export async function signOffDemoLists(
  db: Database,
  options: { supervisorEmail: string; from: string; through: string },
): Promise<number> {
  const supervisor = await findUserByEmail(db, options.supervisorEmail);
  if (!supervisor || supervisor.role !== "supervisor") return 0;
  const person = { id: supervisor.id, email: supervisor.email, name: supervisor.name };

  const lists = new Map<string, { list: ListRef; pulledAt: Date; items: ReviewedItem[] }>();
  const stored = (await readStoredCriminalArrivals(db, options.from, options.through)).filter(({ item }) =>
    canSeeProperty(supervisor, item.propertyName),
  );
  const placed = await placeArrivals(
    db,
    stored.map(({ item }) => item),
  );
  for (const [index, item] of placed.entries()) {
    const pulledAt = stored[index]!.pulledAt;
    const list = listOf(item);
    const entry = lists.get(listId(list)) ?? { list, pulledAt, items: [] };
    entry.items.push({
      itemKey: itemKeyOf(item),
      propertyName: item.propertyName,
      checkInAtUtc: item.checkInAtUtc,
      hasCriminalRecord: item.hasCriminalRecord,
      isSexualOffender: item.isSexualOffender,
      source: item.source,
    });
    lists.set(listId(list), entry);
  }

  const done = new Set(
    (await standingSignOffs(db, options.from, options.through)).map((row) =>
      listId({ propertyName: row.propertyName, day: row.listDate, zone: row.zone }),
    ),
  );
  let signed = 0;
  for (const { list, pulledAt, items } of lists.values()) {
    if (done.has(listId(list))) continue;
    const beforeOutcomes = options.from < options.through && list.day === options.from;
    // Hours from the pull to the sign-off, spread from 2 to 41 by the day: about a third are late.
    const delay = ((Number(list.day.slice(8, 10)) * 7 + list.propertyName.length) % 40) + 2;
    const keys = [...new Set(items.map((item) => item.itemKey))];
    for (const [index, item] of items.entries()) {
      if (keys.indexOf(item.itemKey) !== index) continue;
      const at = new Date(pulledAt.getTime() + ((delay * (index + 1)) / (items.length + 1)) * HOUR);
      const finding = beforeOutcomes ? BEFORE_OUTCOMES : demoFinding(item.itemKey);
      await reviewItem(db, { list, item, reviewer: person, finding, now: at }).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === "already_reviewed")) throw error;
      });
    }
    await signOffList(db, {
      list,
      itemKeys: keys,
      signer: person,
      note: null,
      now: new Date(pulledAt.getTime() + delay * HOUR),
      outcomesAsked: !beforeOutcomes,
    });
    signed += 1;
  }
  return signed;
}
