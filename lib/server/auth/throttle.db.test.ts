import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import {
  clearAccountFailures,
  lockedUntil,
  recordFailure,
  reserveAttempt,
  settleSuccess,
  THROTTLE_POLICY,
  type ThrottleKeys,
} from "@/lib/server/auth/throttle";
import { signInThrottle, type User } from "@/lib/server/db/schema";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

const { windowMs, lockMs, maxAccountFailures, maxAddressFailures } = THROTTLE_POLICY;
const T0 = new Date("2030-01-07T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** An address no other test uses: suites share their database, and the address count is shared by accounts. */
const uniqueAddress = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;

describeEachDatabase("sign-in throttle", (db) => {
  let user: User;
  beforeAll(async () => {
    user = await addUser(db(), uniqueEmail("throttled"));
  });

  async function rows(...keys: string[]) {
    const found = await db().select().from(signInThrottle).where(inArray(signInThrottle.key, keys));
    return Object.fromEntries(found.map((row) => [row.key, row]));
  }

  /** Records `count` failures one after the other, a second apart from `start`; returns each answer. */
  async function fail(keys: ThrottleKeys, count: number, start: Date) {
    const answers: (Date | null)[] = [];
    for (let i = 0; i < count; i++) answers.push(await recordFailure(db(), keys, new Date(start.getTime() + i * 1000)));
    return answers;
  }

  it(`${maxAccountFailures} failures lock an account for lockMs from the locking failure`, async () => {
    const keys = { account: user.email, address: null };
    const answers = await fail(keys, maxAccountFailures, T0);
    const lockingAt = at((maxAccountFailures - 1) * 1000);
    const lockEnd = new Date(lockingAt.getTime() + lockMs);
    expect(answers).toEqual([...Array(maxAccountFailures - 1).fill(null), lockEnd]);
    expect(await lockedUntil(db(), keys, lockingAt)).toEqual(lockEnd);
    expect(await lockedUntil(db(), keys, new Date(lockEnd.getTime() - 1))).toEqual(lockEnd);
    // The lock runs out by itself.
    expect(await lockedUntil(db(), keys, lockEnd)).toBeNull();
    expect(await lockedUntil(db(), keys, new Date(lockEnd.getTime() + 1))).toBeNull();
  });

  it("an account name that belongs to no user locks the same way", async () => {
    const keys = { account: uniqueEmail("nobody"), address: null };
    const answers = await fail(keys, maxAccountFailures, T0);
    const lockEnd = new Date(at((maxAccountFailures - 1) * 1000).getTime() + lockMs);
    expect(answers).toEqual([...Array(maxAccountFailures - 1).fill(null), lockEnd]);
    expect(await lockedUntil(db(), keys, at(maxAccountFailures * 1000))).toEqual(lockEnd);
  });

  it("one failure fewer than the limit does not lock", async () => {
    const keys = { account: uniqueEmail("almost"), address: null };
    expect(await fail(keys, maxAccountFailures - 1, T0)).toEqual(Array(maxAccountFailures - 1).fill(null));
    expect(await lockedUntil(db(), keys, at(maxAccountFailures * 1000))).toBeNull();
  });

  it("after a lock runs out, counting starts afresh", async () => {
    const keys = { account: uniqueEmail("again"), address: null };
    await fail(keys, maxAccountFailures, T0);
    const afterLock = at(maxAccountFailures * 1000 + lockMs);
    expect(await lockedUntil(db(), keys, afterLock)).toBeNull();
    expect(await fail(keys, maxAccountFailures - 1, afterLock)).toEqual(Array(maxAccountFailures - 1).fill(null));
    const second = await recordFailure(db(), keys, at(maxAccountFailures * 1000 + lockMs + maxAccountFailures * 1000));
    expect(second).toEqual(at(maxAccountFailures * 1000 + lockMs + maxAccountFailures * 1000 + lockMs));
  });

  it("failures older than the window do not count", async () => {
    const keys = { account: uniqueEmail("slow"), address: null };
    expect(await recordFailure(db(), keys, T0)).toBeNull();
    const later = at(windowMs + 1);
    expect(await fail(keys, maxAccountFailures - 1, later)).toEqual(Array(maxAccountFailures - 1).fill(null));
    expect(await lockedUntil(db(), keys, at(windowMs + maxAccountFailures * 1000))).toBeNull();
    expect((await rows(`account:${keys.account}`))[`account:${keys.account}`]).toMatchObject({
      failures: maxAccountFailures - 1,
      windowStartedAt: later,
    });
  });

  it("failures within the window count, however spread", async () => {
    const keys = { account: uniqueEmail("spread"), address: null };
    const spacing = Math.floor((windowMs - 1000) / (maxAccountFailures - 1));
    const answers: (Date | null)[] = [];
    for (let i = 0; i < maxAccountFailures; i++) answers.push(await recordFailure(db(), keys, at(i * spacing)));
    expect(answers.at(-1)).toEqual(at((maxAccountFailures - 1) * spacing + lockMs));
  });

  it("clearAccountFailures resets the account's count but not the address's", async () => {
    const address = uniqueAddress();
    const keys = { account: uniqueEmail("cleared"), address };
    await fail(keys, maxAccountFailures - 1, T0);
    expect(await rows(`account:${keys.account}`, `address:${address}`)).toMatchObject({
      [`account:${keys.account}`]: { failures: maxAccountFailures - 1 },
      [`address:${address}`]: { failures: maxAccountFailures - 1 },
    });

    await clearAccountFailures(db(), keys.account);
    const after = await rows(`account:${keys.account}`, `address:${address}`);
    expect(after[`account:${keys.account}`]).toBeUndefined();
    expect(after[`address:${address}`]).toMatchObject({ failures: maxAccountFailures - 1 });

    // The account has its full allowance again.
    expect(await fail(keys, maxAccountFailures - 1, at(10_000))).toEqual(Array(maxAccountFailures - 1).fill(null));
    expect(await lockedUntil(db(), keys, at(20_000))).toBeNull();
    expect((await rows(`address:${address}`))[`address:${address}`]).toMatchObject({
      failures: 2 * (maxAccountFailures - 1),
    });
  });

  it(`${maxAddressFailures} failures from one address, over many accounts, lock every account from there`, async () => {
    const address = uniqueAddress();
    const sprayed = Array.from({ length: maxAddressFailures }, (_, i) => uniqueEmail(`spray${i}`));
    const answers: (Date | null)[] = [];
    for (const [i, account] of sprayed.entries()) {
      answers.push(await recordFailure(db(), { account, address }, at(i * 1000)));
    }
    const lockEnd = at((maxAddressFailures - 1) * 1000 + lockMs);
    expect(answers).toEqual([...Array(maxAddressFailures - 1).fill(null), lockEnd]);

    const now = at(maxAddressFailures * 1000);
    const innocent = uniqueEmail("innocent");
    for (const account of [innocent, sprayed[0]!, "not even an e-mail"]) {
      expect(await lockedUntil(db(), { account, address }, now), account).toEqual(lockEnd);
    }
    // The same account from elsewhere is open, and so is the address once the lock runs out.
    expect(await lockedUntil(db(), { account: innocent, address: uniqueAddress() }, now)).toBeNull();
    expect(await lockedUntil(db(), { account: innocent, address: null }, now)).toBeNull();
    expect(await lockedUntil(db(), { account: innocent, address }, lockEnd)).toBeNull();
  });

  it("the later of two locks is the one that counts", async () => {
    const address = uniqueAddress();
    const account = uniqueEmail("both");
    for (let i = 0; i < maxAddressFailures - maxAccountFailures - 1; i++) {
      await recordFailure(db(), { account: uniqueEmail(`filler${i}`), address }, T0);
    }
    // The account locks first, its failures bringing the address one short of its limit; one more failure
    // from the address, on another account, locks the address until later.
    const answers = await fail({ account, address }, maxAccountFailures, at(60_000));
    const accountLockEnd = at(60_000 + (maxAccountFailures - 1) * 1000 + lockMs);
    expect(answers.at(-1)).toEqual(accountLockEnd);
    const addressLockEnd = await recordFailure(db(), { account: uniqueEmail("last"), address }, at(120_000));
    expect(addressLockEnd).toEqual(at(120_000 + lockMs));
    expect(await lockedUntil(db(), { account, address }, at(121_000))).toEqual(addressLockEnd);
  });

  it("concurrent failures are all counted", async () => {
    const address = uniqueAddress();
    const account = uniqueEmail("concurrent");
    const n = maxAccountFailures - 1;
    const answers = await Promise.all(Array.from({ length: n }, () => recordFailure(db(), { account, address }, T0)));
    expect(answers).toEqual(Array(n).fill(null));
    expect(await rows(`account:${account}`, `address:${address}`)).toMatchObject({
      [`account:${account}`]: { failures: n },
      [`address:${address}`]: { failures: n },
    });
  });

  it("concurrent failures past the limit lock the account", async () => {
    const account = uniqueEmail("concurrent-lock");
    const n = maxAccountFailures;
    const answers = await Promise.all(
      Array.from({ length: n }, () => recordFailure(db(), { account, address: null }, T0)),
    );
    expect(answers.filter((answer) => answer !== null)).toEqual([at(lockMs)]);
    expect(await lockedUntil(db(), { account, address: null }, T0)).toEqual(at(lockMs));
  });

  it("counts attempts made at once one by one: no more than the limit get past the reservation", async () => {
    const account = uniqueEmail("raced");
    const address = uniqueAddress();
    const many = await Promise.all(
      Array.from({ length: 20 }, () => reserveAttempt(db(), { account, address: uniqueAddress() }, T0)),
    );
    expect(many.filter((answer) => answer.ok)).toHaveLength(maxAccountFailures);

    const fromOne = await Promise.all(
      Array.from({ length: maxAddressFailures + 5 }, () =>
        reserveAttempt(db(), { account: uniqueEmail("sprayed"), address }, T0),
      ),
    );
    expect(fromOne.filter((answer) => answer.ok)).toHaveLength(maxAddressFailures);
  });

  it("leaves an account's count alone when the attempt's address refuses it", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < maxAddressFailures; i++) await recordFailure(db(), { account: uniqueEmail("x"), address }, T0);
    expect(await lockedUntil(db(), { account: user.email, address }, T0)).not.toBeNull();
    for (let i = 0; i < 10; i++) {
      expect(await reserveAttempt(db(), { account: user.email, address }, T0)).toMatchObject({ ok: false });
    }
    expect((await rows(`account:${user.email}`))[`account:${user.email}`]?.failures ?? 0).toBe(0);
  });

  it("gives back the address's attempt when the password was right", async () => {
    const address = uniqueAddress();
    const account = uniqueEmail("right");
    const reserved = await reserveAttempt(db(), { account, address }, T0);
    if (!reserved.ok) throw new Error("the first attempt was refused");
    await settleSuccess(db(), reserved.reservation, account);
    const after = await rows(`address:${address}`, `account:${account}`);
    expect(after[`address:${address}`]?.failures).toBe(0);
    expect(after[`account:${account}`]).toBeUndefined();
  });
});
