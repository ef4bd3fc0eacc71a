import { canSeeProperty } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { readStoredCriminalArrivals } from "@/lib/features/history/criminal-range";
import { placeArrivals } from "@/lib/features/history/placement";
import { findUserByEmail } from "@/lib/server/auth/users";
import type { Database } from "@/lib/server/db/types";

import { itemKeyOf } from "./item-key";
import { listId, listOf, type ListRef } from "./list";
import { reviewItem, signOffList, standingSignOffs } from "./repository";

const HOUR = 3_600_000;

/**
 * The demo supervisor's past work, so sign-off timeliness has figures from the first start: the
 * lists of days up to `through` are reviewed and signed off, some within the overdue hours and some
 * late; newer days stay in the queue to work through. Seeded data, not actions: nothing is audited.
 * Run again over the same days (after an interruption), it goes on where it stopped: lists already
 * signed off are left as they are, and items already reviewed keep their review.
 */
export async function signOffDemoLists(
  db: Database,
  options: { supervisorEmail: string; from: string; through: string },
): Promise<number> {
  const supervisor = await findUserByEmail(db, options.supervisorEmail);
  if (!supervisor || supervisor.role !== "supervisor") return 0;
  const person = { id: supervisor.id, email: supervisor.email, name: supervisor.name };

  const lists = new Map<
    string,
    { list: ListRef; pulledAt: Date; items: { itemKey: string; propertyName: string; checkInAtUtc: string }[] }
  >();
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
    entry.items.push({ itemKey: itemKeyOf(item), propertyName: item.propertyName, checkInAtUtc: item.checkInAtUtc });
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
    // Hours from the pull to the sign-off, spread from 2 to 41 by the day: about a third are late.
    const delay = ((Number(list.day.slice(8, 10)) * 7 + list.propertyName.length) % 40) + 2;
    const keys = [...new Set(items.map((item) => item.itemKey))];
    for (const [index, item] of items.entries()) {
      if (keys.indexOf(item.itemKey) !== index) continue;
      const at = new Date(pulledAt.getTime() + ((delay * (index + 1)) / (items.length + 1)) * HOUR);
      await reviewItem(db, { list, item, reviewer: person, note: null, now: at }).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === "already_reviewed")) throw error;
      });
    }
    await signOffList(db, {
      list,
      itemKeys: keys,
      signer: person,
      note: null,
      now: new Date(pulledAt.getTime() + delay * HOUR),
    });
    signed += 1;
  }
  return signed;
}
