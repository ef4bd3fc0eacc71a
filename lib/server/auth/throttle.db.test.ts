import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import {
  accountThrottle,
  addressDelayMs,
  addressFailures,
  clearAccountFailures,
  accountDelayMs as delayAfter,
  lockedUntil,
  recordFailure,
  reserveAttempt,
  settleSuccess,
  THROTTLE_POLICY,
  unlockAccount,
  type ThrottleKeys,
} from "@/lib/server/auth/throttle";
import { signInThrottle, type User } from "@/lib/server/db/schema";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

const { windowMs, maxAccountFailures, maxAddressFailures, accountDelayMs, accountForgetMs, addressDelayCapMs } =
  THROTTLE_POLICY;
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

  /** The wait the account's `n`-th failure in a row sets, as the schedule says. */
  const waitAfter = (n: number) => delayAfter(n);

  it(`after ${maxAccountFailures} failures an account waits accountDelayMs from the last one, then may try again`, async () => {
    const keys = { account: uniqueEmail("waits"), address: null };
    const answers = await fail(keys, maxAccountFailures, T0);
    const lastAt = at((maxAccountFailures - 1) * 1000);
    const waitEnd = new Date(lastAt.getTime() + accountDelayMs);
    expect(answers).toEqual([...Array(maxAccountFailures - 1).fill(null), waitEnd]);
    expect(await lockedUntil(db(), keys, lastAt)).toEqual(waitEnd);
    expect(await lockedUntil(db(), keys, new Date(waitEnd.getTime() - 1))).toEqual(waitEnd);
    // Within the wait an attempt is refused without counting; once it is over one attempt is let through.
    expect(await reserveAttempt(db(), keys, new Date(waitEnd.getTime() - 1))).toMatchObject({ ok: false });
    expect(await lockedUntil(db(), keys, waitEnd)).toBeNull();
    expect(await reserveAttempt(db(), keys, waitEnd)).toMatchObject({ ok: true });
  });

  it("each failure past the allowed number doubles the wait, up to the cap, and a wait in progress refuses without counting", async () => {
    const keys = { account: uniqueEmail("doubling"), address: null };
    await fail(keys, maxAccountFailures - 1, T0);
    let now = at(60_000);
    const waits: number[] = [];
    for (let n = maxAccountFailures; n < maxAccountFailures + 8; n++) {
      const end = await recordFailure(db(), keys, now);
      if (!end) throw new Error(`failure ${n} set no wait`);
      waits.push(end.getTime() - now.getTime());
      // Tries during the wait change nothing: the wait is not stretched by an attacker.
      expect(await recordFailure(db(), keys, new Date(end.getTime() - 1))).toBeNull();
      expect(await lockedUntil(db(), keys, new Date(end.getTime() - 1))).toEqual(end);
      now = end;
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    expect(waits).toEqual(Array.from({ length: 8 }, (_, i) => waitAfter(maxAccountFailures + i)));
    expect((await rows(`account:${keys.account}`))[`account:${keys.account}`]).toMatchObject({
      failures: maxAccountFailures + 7,
    });
  });

  it("an account name that belongs to no user waits the same way", async () => {
    const keys = { account: uniqueEmail("nobody"), address: null };
    const answers = await fail(keys, maxAccountFailures, T0);
    const waitEnd = new Date(at((maxAccountFailures - 1) * 1000).getTime() + accountDelayMs);
    expect(answers).toEqual([...Array(maxAccountFailures - 1).fill(null), waitEnd]);
    expect(await lockedUntil(db(), keys, at(maxAccountFailures * 1000))).toEqual(waitEnd);
  });

  it("one failure fewer than the allowed number sets no wait", async () => {
    const keys = { account: uniqueEmail("almost"), address: null };
    expect(await fail(keys, maxAccountFailures - 1, T0)).toEqual(Array(maxAccountFailures - 1).fill(null));
    expect(await lockedUntil(db(), keys, at(maxAccountFailures * 1000))).toBeNull();
  });

  it("an account's failures are forgotten accountForgetMs after the last one", async () => {
    const keys = { account: uniqueEmail("forgotten"), address: null };
    await fail(keys, maxAccountFailures, T0);
    const last = at((maxAccountFailures - 1) * 1000);
    // Just before, the count stands: the next failure waits twice as long.
    const justBefore = new Date(last.getTime() + accountForgetMs - 1);
    expect(await accountThrottle(db(), keys.account, justBefore)).toEqual({
      failures: maxAccountFailures,
      waitUntil: null,
    });
    const later = new Date(last.getTime() + accountForgetMs + 1);
    expect(await accountThrottle(db(), keys.account, later)).toEqual({ failures: 0, waitUntil: null });
    expect(await fail(keys, maxAccountFailures - 1, later)).toEqual(Array(maxAccountFailures - 1).fill(null));
    expect((await rows(`account:${keys.account}`))[`account:${keys.account}`]).toMatchObject({
      failures: maxAccountFailures - 1,
    });
  });

  it("failures within a day count, however spread", async () => {
    const keys = { account: uniqueEmail("spread"), address: null };
    const spacing = Math.floor((accountForgetMs - 1000) / maxAccountFailures);
    const answers: (Date | null)[] = [];
    for (let i = 0; i < maxAccountFailures; i++) answers.push(await recordFailure(db(), keys, at(i * spacing)));
    expect(answers.at(-1)).toEqual(at((maxAccountFailures - 1) * spacing + accountDelayMs));
  });

  it("an admin's unlock clears an account's failures and its wait, and says whether there was anything to clear", async () => {
    const keys = { account: uniqueEmail("unlocked"), address: null };
    const answers = await fail(keys, maxAccountFailures + 2, T0);
    // The sixth and seventh came during the wait: refused, not counted.
    expect(answers.slice(maxAccountFailures)).toEqual([null, null]);
    const now = at(maxAccountFailures * 1000);
    expect(await accountThrottle(db(), keys.account, now)).toEqual({
      failures: maxAccountFailures,
      waitUntil: at((maxAccountFailures - 1) * 1000 + accountDelayMs),
    });
    expect(await unlockAccount(db(), keys.account)).toBe(true);
    expect(await unlockAccount(db(), keys.account)).toBe(false);
    expect(await accountThrottle(db(), keys.account, now)).toEqual({ failures: 0, waitUntil: null });
    expect(await lockedUntil(db(), keys, now)).toBeNull();
    expect(await fail(keys, maxAccountFailures - 1, now)).toEqual(Array(maxAccountFailures - 1).fill(null));
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

  it(`${maxAddressFailures} failures from one address, over many accounts, slow every sign-in from there but refuse none`, async () => {
    const address = uniqueAddress();
    const sprayed = Array.from({ length: maxAddressFailures }, (_, i) => uniqueEmail(`spray${i}`));
    const answers: (Date | null)[] = [];
    for (const [i, account] of sprayed.entries()) {
      answers.push(await recordFailure(db(), { account, address }, at(i * 1000)));
    }
    expect(answers).toEqual(Array(maxAddressFailures).fill(null));

    const now = at(maxAddressFailures * 1000);
    expect(await addressFailures(db(), address, now)).toBe(maxAddressFailures);
    expect(addressDelayMs(await addressFailures(db(), address, now))).toBeGreaterThan(0);
    // Another account from there is not refused: its right password is checked (after the delay).
    const innocent = uniqueEmail("innocent");
    expect(await lockedUntil(db(), { account: innocent, address }, now)).toBeNull();
    const reserved = await reserveAttempt(db(), { account: innocent, address }, now);
    expect(reserved.ok).toBe(true);
    if (!reserved.ok) return;
    await settleSuccess(db(), reserved.reservation, innocent);
    expect(await addressFailures(db(), address, now)).toBe(maxAddressFailures);
    // Elsewhere nothing is slowed, and the address's count is forgotten once its window is over.
    expect(await addressFailures(db(), uniqueAddress(), now)).toBe(0);
    expect(await addressFailures(db(), address, at(windowMs + 1))).toBe(0);
  });

  it("an address's delay grows with each further failure and stops at the cap", async () => {
    const address = uniqueAddress();
    const delays: number[] = [];
    for (let i = 0; i < maxAddressFailures + 40; i++) {
      await recordFailure(db(), { account: uniqueEmail(`grow${i}`), address }, at(i * 1000));
      delays.push(addressDelayMs(await addressFailures(db(), address, at(i * 1000))));
    }
    expect(delays.slice(0, maxAddressFailures - 1).every((ms) => ms === 0)).toBe(true);
    const slowed = delays.slice(maxAddressFailures - 1);
    for (let i = 1; i < slowed.length; i++) expect(slowed[i]).toBeGreaterThanOrEqual(slowed[i - 1]!);
    expect(slowed[1]).toBe(2 * slowed[0]!);
    expect(Math.max(...slowed)).toBe(addressDelayCapMs);
  });

  it("a lock an address row still holds from before is ignored, and dropped by its next attempt", async () => {
    const address = uniqueAddress();
    await recordFailure(db(), { account: uniqueEmail("old"), address }, T0);
    await db()
      .update(signInThrottle)
      .set({ lockedUntil: at(3_600_000) })
      .where(inArray(signInThrottle.key, [`address:${address}`]));
    const account = uniqueEmail("after-upgrade");
    expect(await lockedUntil(db(), { account, address }, at(1000))).toBeNull();
    expect((await reserveAttempt(db(), { account, address }, at(1000))).ok).toBe(true);
    expect((await rows(`address:${address}`))[`address:${address}`]).toMatchObject({ failures: 2, lockedUntil: null });
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

  it("concurrent failures past the allowed number set one wait", async () => {
    const account = uniqueEmail("concurrent-lock");
    const n = maxAccountFailures + 3;
    const answers = await Promise.all(
      Array.from({ length: n }, () => recordFailure(db(), { account, address: null }, T0)),
    );
    expect(answers.filter((answer) => answer !== null)).toEqual([at(accountDelayMs)]);
    expect(await lockedUntil(db(), { account, address: null }, T0)).toEqual(at(accountDelayMs));
    expect((await rows(`account:${account}`))[`account:${account}`]).toMatchObject({ failures: maxAccountFailures });
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
    // An address refuses nothing; it counts every attempt, and the count sets the next one's delay.
    expect(fromOne.filter((answer) => answer.ok)).toHaveLength(maxAddressFailures + 5);
    expect(await addressFailures(db(), address, T0)).toBe(maxAddressFailures + 5);
  });

  it("an account from a busy address is counted and waits as anywhere else", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < maxAddressFailures; i++) await recordFailure(db(), { account: uniqueEmail("x"), address }, T0);
    const account = user.email;
    const answers = await fail({ account, address }, maxAccountFailures, at(1000));
    expect(answers.at(-1)).toEqual(at(1000 + (maxAccountFailures - 1) * 1000 + accountDelayMs));
    expect(await reserveAttempt(db(), { account, address }, at(10_000))).toMatchObject({ ok: false });
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
