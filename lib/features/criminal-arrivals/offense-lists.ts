import { notKeptFor } from "@/lib/core/privacy";
import type { CriminalArrival } from "@/lib/features/reports/types";

/**
 * How a guest's crime types and offense descriptions read. The two lists are independent (the API
 * does not pair them by position), so each is shown whole on its own, never lined up with the other.
 */
export interface OffenseList {
  heading: "Crime types" | "Offense descriptions";
  items: string[];
  /** Shown instead of an empty list. */
  emptyText: string;
}

export type OffenseListsView =
  | { kind: "withheld"; message: string }
  | { kind: "lists"; crimeTypes: OffenseList; offenseDescriptions: OffenseList; note: string | null };

export const WITHHELD_MESSAGE = "Sex-offender registry match: the API withholds offense details for these.";
export const BOTH_FLAGS_NOTE =
  "Also a sex-offender registry match: the API withholds that registry's offense details; the lists are from the criminal-record match.";
export const NONE_LISTED = "None listed";

const CRIME_TYPE_WORDS: Record<string, string> = {
  FELONY: "Felony",
  MISDEMEANOR: "Misdemeanor",
  PETTY_OFFENSE: "Petty offense",
};

/** A machine crime type in words; a value Daybook does not know is shown as the API sent it. */
export function crimeTypeInWords(value: string): string {
  return CRIME_TYPE_WORDS[value] ?? value;
}

export function offenseListsOf(
  item: Pick<
    CriminalArrival,
    "hasCriminalRecord" | "isSexualOffender" | "crimeTypes" | "offenseDescriptions" | "notKept"
  >,
): OffenseListsView {
  // Dropped by the property's privacy policy before it was kept: said as such, never "none listed".
  if (item.crimeTypes === undefined || item.offenseDescriptions === undefined) {
    return { kind: "withheld", message: `Offense details: ${notKeptFor(item, "offenseDetails") ?? "not kept"}.` };
  }
  const bothEmpty = item.crimeTypes.length === 0 && item.offenseDescriptions.length === 0;
  if (bothEmpty && item.isSexualOffender && !item.hasCriminalRecord) {
    return { kind: "withheld", message: WITHHELD_MESSAGE };
  }
  return {
    kind: "lists",
    crimeTypes: { heading: "Crime types", items: item.crimeTypes.map(crimeTypeInWords), emptyText: NONE_LISTED },
    offenseDescriptions: {
      heading: "Offense descriptions",
      items: [...item.offenseDescriptions],
      emptyText: NONE_LISTED,
    },
    note: item.isSexualOffender ? BOTH_FLAGS_NOTE : null,
  };
}

/** The screening flags as separate badges in words, in a fixed order. */
export function flagsOf(
  item: Pick<CriminalArrival, "hasCriminalRecord" | "isSexualOffender">,
): ("Criminal record" | "Sex offender")[] {
  const flags: ("Criminal record" | "Sex offender")[] = [];
  if (item.hasCriminalRecord) flags.push("Criminal record");
  if (item.isSexualOffender) flags.push("Sex offender");
  return flags;
}
