import type { Executor } from "@/lib/server/db/types";

import { needsRotation, seal, unseal, type Keyring, type Sealed, type StoredCiphertext } from "./index";

/**
 * Where a kind of encrypted secret is stored: how to read every row of it and write one back.
 * Each table that keeps a secret describes itself with one of these, and
 * scripts/rotate-encryption-key.ts lists them all.
 */
export interface SecretStore {
  /** In words, for the report and the audit log: "API keys". */
  name: string;
  /** The purpose the rows were sealed for (see seal()). */
  purpose: string;
  list(db: Executor): Promise<(StoredCiphertext & { id: string | number })[]>;
  update(db: Executor, id: string | number, sealed: Sealed): Promise<void>;
}

export class RotationError extends Error {
  constructor(readonly unreadable: { store: string; id: string | number; keyId: string | null }[]) {
    super(
      `${unreadable.length} stored secret${unreadable.length === 1 ? " is" : "s are"} under a key Daybook was not given ` +
        `(${unreadable.map((row) => `${row.store} #${row.id}: key ${row.keyId ?? "from an old AUTH_SECRET"}`).join("; ")}); ` +
        "nothing was changed. Give the key they were stored under in DAYBOOK_PREVIOUS_ENCRYPTION_KEY and run again.",
    );
    this.name = "RotationError";
  }
}

export interface RotationResult {
  keyId: string;
  /** Per store: how many rows were re-encrypted, and how many were under the current key already. */
  stores: { name: string; reencrypted: number; current: number }[];
}

/**
 * Re-encrypts every stored secret under the keyring's current key. All or nothing: run inside a
 * transaction, and any row that no known key opens stops it before anything is written.
 */
export async function rotateSecrets(
  db: Executor,
  keyring: Keyring,
  stores: readonly SecretStore[],
): Promise<RotationResult> {
  const plans = [];
  const unreadable: RotationError["unreadable"] = [];
  for (const store of stores) {
    const rows = await store.list(db);
    const stale = [];
    for (const row of rows) {
      if (!needsRotation(keyring, row)) continue;
      try {
        stale.push({ id: row.id, plain: unseal(keyring, store.purpose, row) });
      } catch {
        unreadable.push({ store: store.name, id: row.id, keyId: row.keyId });
      }
    }
    plans.push({
      store,
      stale,
      current: rows.length - stale.length - unreadable.filter((u) => u.store === store.name).length,
    });
  }
  if (unreadable.length > 0) throw new RotationError(unreadable);
  for (const { store, stale } of plans) {
    for (const row of stale) await store.update(db, row.id, seal(keyring, store.purpose, row.plain));
  }
  return {
    keyId: keyring.current.id,
    stores: plans.map(({ store, stale, current }) => ({ name: store.name, reencrypted: stale.length, current })),
  };
}
