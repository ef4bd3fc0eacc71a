/**
 * A day's new items as they are kept in stored_items: each item encoded, with the keyed hashes a
 * privacy request finds it by and the typed columns screens filter on, and restricted as it arrives
 * when its person is under a restriction.
 */
import { and, eq, isNull, sql } from "drizzle-orm";

import { SIGNAL, signalsOf, SPREAD_MARK_DAYS } from "@/lib/core/match-outcomes";
import { storedItems } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { getMatchKey, matchesPerson, personKeys, type PersonKeys } from "@/lib/server/privacy/match-key";
import type { ActiveRestriction } from "@/lib/server/privacy/restrictions";

import { INSERT_BATCH } from "./insert-batch";
import { encodeItem } from "./item-codec";
import type { KeptCriminalArrival as CriminalArrival, KeptGuestArrival as GuestArrival } from "./kept";

/** A restriction in force, by the keyed hashes of its person. */
export type Restriction = ActiveRestriction;

/** The keyed hashes an arrival is found by for a privacy request, of what its policy kept. */
function keysOf(key: Buffer, item: GuestArrival | CriminalArrival): PersonKeys {
  return personKeys(key, {
    firstName: item.firstName,
    lastName: item.lastName,
    dateOfBirth: "dateOfBirth" in item ? item.dateOfBirth : null,
    documentNumber: "identificationNumber" in item ? item.identificationNumber : null,
  });
}

/** What screens filter and count on, copied out of the item into typed columns (see the schema). */
function typedColumns(item: GuestArrival | CriminalArrival) {
  const guest = "matchedBanAtCheckIn" in item ? item : null;
  return {
    source: item.source,
    propertyTimeZone: guest?.propertyTimeZone ?? null,
    matchedBanAtCheckIn: guest?.matchedBanAtCheckIn ?? null,
    bannedWhenPulled: guest?.isCurrentlyBanned ?? null,
    signals: guest ? signalsOf(guest) : 0,
  };
}

export async function appendItems(
  db: Executor,
  reportId: number,
  items: (GuestArrival | CriminalArrival)[],
  restrictions: readonly Restriction[],
) {
  if (items.length === 0) return;
  const key = await getMatchKey(db, getKeyring());
  const [last] = await db
    .select({ position: sql<number | null>`max(${storedItems.position})` })
    .from(storedItems)
    .where(eq(storedItems.reportId, reportId));
  const base = (last?.position ?? -1) + 1;
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    await db.insert(storedItems).values(
      items.slice(start, start + INSERT_BATCH).map((item, offset) => ({
        reportId,
        position: base + start + offset,
        propertyName: item.propertyName,
        checkInDateLocal: item.checkInDateLocal,
        checkInAtUtc: item.checkInAtUtc,
        item: encodeItem(item),
        ...keysOf(key, item),
        ...typedColumns(item),
      })),
    );
  }
  if (restrictions.length > 0) await restrictNewItems(db, reportId, restrictions);
  if (items.some((item) => "matchedBanAtCheckIn" in item)) await markSpread(db, reportId, base);
}

/**
 * Marks SIGNAL.spread on the new guest arrivals from `fromPosition` on, and on the arrivals they
 * meet: the same document (its keyed hash) at another property within SPREAD_MARK_DAYS days either side.
 * Both sides are marked, so a day stored late marks the days around it as well as itself. Read
 * through the hash index on document_key, only for the day's own documents. A mark is never taken
 * back: an arrival erased or purged since only leaves a candidate the rule then reads and drops.
 */
async function markSpread(db: Executor, reportId: number, fromPosition: number) {
  const spread = sql.raw(String(SIGNAL.spread));
  const days = sql.raw(String(SPREAD_MARK_DAYS));
  await db.execute(sql`
    update ${storedItems} as o set signals = o.signals | ${spread}
    where o.document_key in (
        select n.document_key from ${storedItems} n
        where n.report_id = ${reportId} and n.position >= ${fromPosition} and n.document_key is not null)
      and o.signals & ${spread} = 0 and o.property_time_zone is not null
      and exists (
        select 1 from ${storedItems} p
        where p.document_key = o.document_key and p.property_time_zone is not null
          and p.check_in_date_local between to_char(o.check_in_date_local::date - ${days}, 'YYYY-MM-DD')
            and to_char(o.check_in_date_local::date + ${days}, 'YYYY-MM-DD')
          and (p.property_name <> o.property_name or p.property_time_zone <> o.property_time_zone))`);
}

/**
 * Arrivals of a person under a restriction are kept restricted as they arrive, and a criminal
 * arrival follows the guest arrival of the same check-in (it carries no date of birth or number
 * to match by itself), whichever of the two reports was kept first.
 */
async function restrictNewItems(db: Executor, reportId: number, restrictions: readonly Restriction[]) {
  const rows = await db
    .select({
      position: storedItems.position,
      nameKey: storedItems.nameKey,
      birthKey: storedItems.birthKey,
      documentKey: storedItems.documentKey,
    })
    .from(storedItems)
    .where(and(eq(storedItems.reportId, reportId), isNull(storedItems.restrictedBy)));
  for (const row of rows) {
    // A criminal arrival has neither a date of birth nor a number: it is matched through its guest arrival below.
    if (row.birthKey === null && row.documentKey === null) continue;
    const restriction = restrictions.find((entry) => matchesPerson(row, entry));
    if (restriction) {
      await db
        .update(storedItems)
        .set({ restrictedBy: restriction.requestId })
        .where(and(eq(storedItems.reportId, reportId), eq(storedItems.position, row.position)));
    }
  }
  await db.execute(sql`
    update ${storedItems} as other set restricted_by = restricted.restricted_by
    from ${storedItems} as restricted
    where other.restricted_by is null and restricted.restricted_by is not null
      and (other.report_id = ${reportId} or restricted.report_id = ${reportId})
      and other.property_name = restricted.property_name
      and other.check_in_at_utc = restricted.check_in_at_utc
      and other.name_key = restricted.name_key`);
}
