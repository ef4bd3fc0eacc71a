import { describe, expect, it } from "vitest";

import { busyMessage, createAdmission, retryAfterSeconds } from "./admission";
import { translatorFor } from "./catalogue";

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await opened;
      return "done";
    },
    open: () => open(),
    get started() {
      return started;
    },
  };
}

describe("admission control", () => {
  it("runs `concurrency` at once, queues `queue` more, and refuses the rest at once", async () => {
    const admission = createAdmission({ concurrency: 2, queue: 3 });
    const gates = Array.from({ length: 5 }, gate);
    const admitted = gates.map((g) => admission.run(g.work));
    await Promise.resolve();
    expect(gates.map((g) => g.started)).toEqual([true, true, false, false, false]);
    expect(admission.inside).toBe(5);

    const refused = await admission.run(async () => "never");
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 3 });

    for (const g of gates) g.open();
    expect(await Promise.all(admitted)).toEqual(Array(5).fill({ ok: true, value: "done" }));
    expect(admission.inside).toBe(0);
    expect(await admission.run(async () => "again")).toEqual({ ok: true, value: "again" });
  });

  it("with no queue, refuses whatever finds every slot taken", async () => {
    const admission = createAdmission({ concurrency: 1, queue: 0 });
    const first = gate();
    const running = admission.run(first.work);
    expect(await admission.run(async () => "second")).toMatchObject({ ok: false });
    first.open();
    await running;
    expect(await admission.run(async () => "third")).toEqual({ ok: true, value: "third" });
  });

  it("a failing piece of work gives its slot back and its error to its caller", async () => {
    const admission = createAdmission({ concurrency: 1, queue: 0 });
    await expect(admission.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(admission.inside).toBe(0);
    expect(await admission.run(async () => 1)).toEqual({ ok: true, value: 1 });
  });

  it("asks a refused caller to come back after the rounds already inside, at least a second", () => {
    expect(retryAfterSeconds(0, 2)).toBe(1);
    expect(retryAfterSeconds(1, 2)).toBe(1);
    expect(retryAfterSeconds(10, 2)).toBe(5);
    expect(retryAfterSeconds(11, 2)).toBe(6);
    expect(retryAfterSeconds(10, 2, 0.5)).toBe(3);
  });

  it("tells a refused sign-in when to come back, in whole seconds", () => {
    expect(busyMessage(1)).toBe("Daybook is busy checking other sign-ins. Try again in 1 second.");
    expect(busyMessage(5)).toBe("Daybook is busy checking other sign-ins. Try again in 5 seconds.");
    expect(busyMessage(5, translatorFor("fr", "errors"))).toBe(
      "Daybook vérifie d’autres connexions. Réessayez dans 5 secondes.",
    );
  });
});
