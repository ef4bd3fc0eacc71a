import { formatClock } from "@/lib/core/format";

/**
 * Why a sign-off was refused, in words for the supervisor who asked: how many of the list's criminal
 * arrivals are not reviewed, and how many reviewed have no outcome (reviews made before outcomes were
 * asked), each named with its check-in time so they can be found on the screen. Pure.
 */

type Named = { firstName: string; lastName: string; checkInAtUtc: string };

/** At most this many names a kind: the rest are counted. */
const NAMED = 10;

/** `zone`: the property's, where Daybook knows it; each check-in is then named in it, else in UTC. */
function names(items: readonly Named[], zone: string | null): string {
  const named = items.map(
    (item) => `${item.firstName} ${item.lastName} (checked in ${formatClock(item.checkInAtUtc, zone)})`,
  );
  const more = named.length > NAMED ? `; and ${named.length - NAMED} more` : "";
  return `${named.slice(0, NAMED).join("; ")}${more}`;
}

export function signOffRefusalText(
  notReviewed: readonly Named[],
  noOutcome: readonly Named[],
  total: number,
  zone: string | null,
): string {
  const parts: string[] = [];
  if (notReviewed.length > 0) {
    parts.push(
      `${notReviewed.length} of ${total} criminal arrivals are not reviewed yet: ${names(notReviewed, zone)}. Review each before signing off.`,
    );
  }
  if (noOutcome.length > 0) {
    const count = `${noOutcome.length} of ${total} criminal arrivals`;
    const have = noOutcome.length === 1 ? "has" : "have";
    parts.push(
      `${count} ${notReviewed.length > 0 ? "reviewed before outcomes were asked " : ""}${have} no outcome recorded yet${notReviewed.length > 0 ? "" : " (reviewed before outcomes were asked)"}: ${names(noOutcome, zone)}. Record each one's outcome before signing off.`,
    );
  }
  return parts.join(" ");
}
