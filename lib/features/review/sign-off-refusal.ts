import { IN_ENGLISH, WordedRefusal, type Saying } from "./refusal";

/**
 * Why a sign-off was refused, in words for the supervisor who asked: how many of the list's criminal
 * arrivals are not reviewed, and how many reviewed have no outcome (reviews made before outcomes were
 * asked), each named with its check-in time so they can be found on the screen.
 */

type Named = { firstName: string; lastName: string; checkInAtUtc: string };

/** At most this many names a kind: the rest are counted. */
const NAMED = 10;

/** The arrivals a refusal is about, and the property's zone their check-ins are named in (else UTC). */
export interface SignOffGaps {
  notReviewed: readonly Named[];
  noOutcome: readonly Named[];
  total: number;
  zone: string | null;
}

function names({ t, format }: Saying, items: readonly Named[], zone: string | null): string {
  const named = items.slice(0, NAMED).map((item) =>
    t("signOffRefusal.named", {
      name: `${item.firstName} ${item.lastName}`,
      time: format.clock(item.checkInAtUtc, zone),
    }),
  );
  const more = items.length > NAMED ? t("signOffRefusal.more", { count: items.length - NAMED }) : "";
  return `${named.join("; ")}${more}`;
}

export function signOffRefusalText(saying: Saying, { notReviewed, noOutcome, total, zone }: SignOffGaps): string {
  const { t } = saying;
  const parts: string[] = [];
  if (notReviewed.length > 0) {
    parts.push(
      t("signOffRefusal.notReviewed", { count: notReviewed.length, total, names: names(saying, notReviewed, zone) }),
    );
  }
  if (noOutcome.length > 0) {
    const values = { count: noOutcome.length, total, names: names(saying, noOutcome, zone) };
    parts.push(t(notReviewed.length > 0 ? "signOffRefusal.noOutcomeToo" : "signOffRefusal.noOutcome", values));
  }
  return parts.join(" ");
}

/** A sign-off refused for arrivals not reviewed, or reviewed without an outcome, named. */
export class SignOffRefusal extends WordedRefusal {
  constructor(
    code: string,
    readonly gaps: SignOffGaps,
  ) {
    super(409, code, signOffRefusalText(IN_ENGLISH, gaps));
    this.name = "SignOffRefusal";
  }

  say(saying: Saying): string {
    return signOffRefusalText(saying, this.gaps);
  }
}
