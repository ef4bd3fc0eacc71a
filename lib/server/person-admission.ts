import "server-only";

import { createAdmission, retryAfterSeconds, type AdmissionPolicy, type Admitted } from "@/lib/core/admission";

/**
 * Admission for costly work a person asks for (drawing a PDF): `concurrency` at once in the process,
 * `queue` more waiting their turn, and at most `perPerson` of one person's running or waiting. A
 * request beyond either bound is turned away at once with a time to come back, so one person's
 * burst neither fills the queue for everyone else nor holds memory for work that would only wait.
 */
export interface PersonAdmissionPolicy extends AdmissionPolicy {
  perPerson: number;
}

export interface PersonAdmission {
  /**
   * Runs `work` now or after those ahead of it; refuses at once when the person already has
   * `perPerson` inside or the process queue is full. Both checks and the counting happen before the
   * first await, so requests arriving together are counted one after the other.
   */
  run<T>(person: string, work: () => Promise<T>): Promise<Admitted<T>>;
  /** Running and waiting in the process, and of one person. */
  readonly inside: number;
  insideOf(person: string): number;
}

export function createPersonAdmission(policy: PersonAdmissionPolicy, secondsPerRound = 1): PersonAdmission {
  const inProcess = createAdmission(policy, secondsPerRound);
  // Only people with work inside have an entry: the map never grows past the queue's size.
  const ofPerson = new Map<string, number>();
  const release = (person: string) => {
    const left = (ofPerson.get(person) ?? 1) - 1;
    if (left > 0) ofPerson.set(person, left);
    else ofPerson.delete(person);
  };
  return {
    get inside() {
      return inProcess.inside;
    },
    insideOf: (person) => ofPerson.get(person) ?? 0,
    async run<T>(person: string, work: () => Promise<T>): Promise<Admitted<T>> {
      const mine = ofPerson.get(person) ?? 0;
      if (mine >= policy.perPerson) {
        // Their own work ahead of them is what they wait for, however the process is doing.
        return { ok: false, retryAfterSeconds: retryAfterSeconds(mine, policy.perPerson, secondsPerRound) };
      }
      ofPerson.set(person, mine + 1);
      try {
        return await inProcess.run(work);
      } finally {
        release(person);
      }
    },
  };
}
