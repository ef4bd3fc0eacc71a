/**
 * The migration that gave stored arrivals their typed columns and per property-day counts, on a
 * database that holds history in the shape before it: nothing lost, and every figure the screens
 * read the same as on a database that stored the same days after it.
 */
import { createHmac } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { ALL_FIELDS_KEPT, normalizeBirthDate, normalizeDocumentNumber, normalizePersonName } from "@/lib/core/privacy";
import { readStoredCriminalArrivals } from "@/lib/features/history/criminal-range";
import { decodeItem } from "@/lib/features/history/item-codec";
import { findPersonArrivals } from "@/lib/features/history/person";
import { readBanCandidates, readCoverageCounts } from "@/lib/features/history/screening";
import type { Database } from "@/lib/server/db/open";
import { storedItems } from "@/lib/server/db/schema";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { getMatchKey, personKeys } from "@/lib/server/privacy/match-key";
import { DATABASE_KINDS } from "@/tests/support/databases";
import { acrossMigration, copyHistory } from "@/tests/support/migration-before";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

const MIGRATION = "0010_history-columns";
/** The history's tables, parents first, as rows are copied from one database to the other. */
const HISTORY_TABLES = [
  "sync_runs",
  "known_properties",
  "stored_reports",
  "stored_coverage",
  "stored_items",
  "live_observations",
];

const sim = simulatorPerFile();

/** A keyed hash as the code before the migration wrote it: the whole HMAC-SHA-256, in hex. */
function wholeKey(key: Buffer, purpose: string, value: string | null): string | null {
  return value ? createHmac("sha256", key).update(`${purpose}\u0000${value}`).digest("hex") : null;
}

/**
 * Gives every copied arrival its item and keys as the code before wrote them (the API's field names,
 * whole hashes), and adds a privacy request with whole hashes.
 */
async function writeAsBefore(from: Database, to: Database) {
  const key = await getMatchKey(from, getKeyring());
  const rows = await from
    .select({ reportId: storedItems.reportId, position: storedItems.position, item: storedItems.item })
    .from(storedItems);
  const keyed = rows.map(({ reportId, position, item: stored }) => {
    const item = decodeItem(stored);
    const text = (field: string) => (typeof item[field] === "string" ? (item[field] as string) : null);
    const birth = text("dateOfBirth");
    const document = text("identificationNumber");
    return {
      report_id: reportId,
      position,
      item,
      name_key: wholeKey(key, "name", normalizePersonName(text("firstName"), text("lastName")) || null),
      birth_key: wholeKey(key, "birth", birth ? normalizeBirthDate(birth) : null),
      document_key: wholeKey(key, "document", document ? normalizeDocumentNumber(document) || null : null),
    };
  });
  await to.execute(sql`
    update stored_items s set item = v.item, name_key = v.name_key, birth_key = v.birth_key, document_key = v.document_key
    from json_populate_recordset(null::stored_items, ${JSON.stringify(keyed)}::json) v
    where s.report_id = v.report_id and s.position = v.position`);
  const guest = keyed.find((row) => typeof row.item.identificationNumber === "string")!.item;
  await to.execute(sql`
    insert into privacy_requests (kind, received_at, due_at, name_key, birth_key, document_key)
    values ('access', now(), now(), ${wholeKey(key, "name", normalizePersonName(guest.firstName as string, guest.lastName as string))},
      ${wholeKey(key, "birth", normalizeBirthDate(guest.dateOfBirth as string))},
      ${wholeKey(key, "document", normalizeDocumentNumber(guest.identificationNumber as string))})`);
  return personKeys(key, {
    firstName: guest.firstName as string,
    lastName: guest.lastName as string,
    dateOfBirth: guest.dateOfBirth as string,
    documentNumber: guest.identificationNumber as string,
  });
}

/** What the screens read of the history, and every arrival's typed columns. */
async function figures(db: Database) {
  return {
    coverage: (await readCoverageCounts(db, "2026-01-01", "2026-12-31")).sort((a, b) =>
      `${a.day}|${a.propertyName}|${a.propertyTimeZone}`.localeCompare(
        `${b.day}|${b.propertyName}|${b.propertyTimeZone}`,
      ),
    ),
    // In no particular order: the rule sorts what it lists.
    candidates: (await readBanCandidates(db))
      .map((stay) => ({
        key: JSON.stringify([stay.ref.reportId, stay.ref.position]),
        stay,
      }))
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(({ stay }) => stay),
    criminal: await readStoredCriminalArrivals(db, "2026-11-01", "2026-11-30"),
    items: await db
      .select({
        reportId: storedItems.reportId,
        position: storedItems.position,
        propertyTimeZone: storedItems.propertyTimeZone,
        matchedBanAtCheckIn: storedItems.matchedBanAtCheckIn,
        bannedWhenPulled: storedItems.bannedWhenPulled,
        source: storedItems.source,
        nameKey: storedItems.nameKey,
        birthKey: storedItems.birthKey,
        documentKey: storedItems.documentKey,
        item: storedItems.item,
      })
      .from(storedItems)
      .orderBy(asc(storedItems.reportId), asc(storedItems.position)),
  };
}

describe("the migration to typed history columns and per property-day counts", () => {
  for (const kind of DATABASE_KINDS) {
    it(`keeps every stored arrival and every figure (${kind})`, { timeout: 90_000 }, async () => {
      await acrossMigration(kind, MIGRATION, async ({ current, older }) => {
        for (const day of ["2026-11-19", "2026-11-20", "2026-11-21"]) await pullAt(current.db, sim(), pullTime(day));
        await pullAt(current.db, sim(), pullTime("2026-11-21", "20:00"));
        const expected = await figures(current.db);
        expect(expected.items.length).toBeGreaterThan(100);
        expect(expected.coverage.length).toBeGreaterThan(10);

        let keys: Awaited<ReturnType<typeof writeAsBefore>> | undefined;
        const before = await older.openBefore();
        try {
          await copyHistory(current.db, before.db, HISTORY_TABLES);
          keys = await writeAsBefore(current.db, before.db);
          // The shape before: no typed column to read yet.
          const { rows } = await before.db.execute<{ n: number }>(
            sql`select count(*)::int as n from information_schema.columns where table_name = 'stored_items' and column_name = 'source'`,
          );
          expect(rows[0]!.n).toBe(0);
          const { rows: named } = await before.db.execute<{ n: number }>(
            sql`select count(*)::int as n from stored_items where item ? 'propertyName' and item ? 'checkInAtUtc'`,
          );
          expect(named[0]!.n).toBe(expected.items.length);
        } finally {
          await before.close();
        }
        const after = await older.openNow();
        try {
          expect(await figures(after.db)).toEqual(expected);
          // A privacy request made before finds the same person after.
          const { rows: requests } = await after.db.execute<{
            name_key: string;
            birth_key: string;
            document_key: string;
          }>(sql`select name_key, birth_key, document_key from privacy_requests`);
          expect(requests).toEqual([
            { name_key: keys!.nameKey, birth_key: keys!.birthKey, document_key: keys!.documentKey },
          ]);
          const everyFieldKept = {
            policies: [
              {
                id: "p",
                name: "Default",
                isDefault: true,
                retentionDays: 90,
                kept: ALL_FIELDS_KEPT,
                criminalDetails: true,
                legalHold: null,
              },
            ],
            assignments: [],
          };
          const found = await findPersonArrivals(after.db, keys!, everyFieldKept);
          expect(found.length).toBeGreaterThan(0);
        } finally {
          await after.close();
        }
      });
    });
  }
});
