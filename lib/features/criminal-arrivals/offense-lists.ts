import { isNotKept, notKeptFor } from "@/lib/core/privacy";
import type { CriminalArrival } from "@/lib/features/reports/types";

/**
 * How a guest's crime types and offense descriptions read. The two lists are independent (the API
 * does not pair them by position), so each is shown whole on its own, never lined up with the other.
 * The English words (`heading`, `items`, `emptyText`, `message`, `note`) are the CSV export's and
 * the sign-off record's; a screen words `id`, `values` and `reason` through the catalogue.
 */
export interface OffenseList {
  id: "crimeTypes" | "offenseDescriptions";
  heading: "Crime types" | "Offense descriptions";
  items: string[];
  /** As the API sent them: crime types are machine values (FELONY), descriptions the API's own text. */
  values: string[];
  /** Shown instead of an empty list. */
  emptyText: string;
}

export type OffenseListsView =
  | { kind: "withheld"; message: string }
  | { kind: "lists"; crimeTypes: OffenseList; offenseDescriptions: OffenseList; note: string | null };

type Offenses = Pick<
  CriminalArrival,
  "hasCriminalRecord" | "isSexualOffender" | "crimeTypes" | "offenseDescriptions" | "notKept"
>;

/**
 * Why a guest's offense details are not shown, if they are not: the property's privacy policy did
 * not keep them (`policy` names it, where the arrival says), or the API withholds a registry match's.
 */
export function offenseDetailsWithheld(
  item: Offenses,
): { reason: "notKept"; policy: string | null } | { reason: "registry" } | null {
  // Dropped by the property's privacy policy before it was kept: said as such, never "none listed".
  if (item.crimeTypes === undefined || item.offenseDescriptions === undefined)
    return { reason: "notKept", policy: isNotKept(item, "offenseDetails") ? item.notKept!.policy : null };
  const bothEmpty = item.crimeTypes.length === 0 && item.offenseDescriptions.length === 0;
  return bothEmpty && item.isSexualOffender && !item.hasCriminalRecord ? { reason: "registry" } : null;
}

export const WITHHELD_MESSAGE = "Sex-offender registry match: the API withholds offense details for these.";
export const BOTH_FLAGS_NOTE =
  "Also a sex-offender registry match: the API withholds that registry's offense details; the lists are from the criminal-record match.";
export const NONE_LISTED = "None listed";

/** The crime types Daybook words (`criminalArrivals` `crimeTypes.<value>` on screen); any other is shown as sent. */
export const KNOWN_CRIME_TYPES = ["FELONY", "MISDEMEANOR", "PETTY_OFFENSE"] as const;
export type KnownCrimeType = (typeof KNOWN_CRIME_TYPES)[number];

export function isKnownCrimeType(value: string): value is KnownCrimeType {
  return (KNOWN_CRIME_TYPES as readonly string[]).includes(value);
}

const CRIME_TYPE_WORDS: Record<KnownCrimeType, string> = {
  FELONY: "Felony",
  MISDEMEANOR: "Misdemeanor",
  PETTY_OFFENSE: "Petty offense",
};

/** A machine crime type in words; a value Daybook does not know is shown as the API sent it. */
export function crimeTypeInWords(value: string): string {
  return isKnownCrimeType(value) ? CRIME_TYPE_WORDS[value] : value;
}

export function offenseListsOf(item: Offenses): OffenseListsView {
  if (item.crimeTypes === undefined || item.offenseDescriptions === undefined)
    return { kind: "withheld", message: `Offense details: ${notKeptFor(item, "offenseDetails") ?? "not kept"}.` };
  if (offenseDetailsWithheld(item)?.reason === "registry") return { kind: "withheld", message: WITHHELD_MESSAGE };
  return {
    kind: "lists",
    crimeTypes: {
      id: "crimeTypes",
      heading: "Crime types",
      items: item.crimeTypes.map(crimeTypeInWords),
      values: [...item.crimeTypes],
      emptyText: NONE_LISTED,
    },
    offenseDescriptions: {
      id: "offenseDescriptions",
      heading: "Offense descriptions",
      items: [...item.offenseDescriptions],
      values: [...item.offenseDescriptions],
      emptyText: NONE_LISTED,
    },
    note: item.isSexualOffender ? BOTH_FLAGS_NOTE : null,
  };
}

type Flagged = Pick<CriminalArrival, "hasCriminalRecord" | "isSexualOffender">;

/** The screening flags, in a fixed order; a screen words each through the catalogue (`flags.<id>`). */
export function flagIdsOf(item: Flagged): ("criminalRecord" | "sexOffender")[] {
  const flags: ("criminalRecord" | "sexOffender")[] = [];
  if (item.hasCriminalRecord) flags.push("criminalRecord");
  if (item.isSexualOffender) flags.push("sexOffender");
  return flags;
}

const FLAG_WORDS = { criminalRecord: "Criminal record", sexOffender: "Sex offender" } as const;

/** The screening flags as separate badges in English words, in a fixed order (the sign-off record's). */
export function flagsOf(item: Flagged): ("Criminal record" | "Sex offender")[] {
  return flagIdsOf(item).map((id) => FLAG_WORDS[id]);
}
