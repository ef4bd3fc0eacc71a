import type { ArrivalSource, Gender } from "@/lib/features/reports/types";

/**
 * A gender's words in the `guests` catalogue (`gender.<key>`), for the screen. null (nothing
 * captured) and UNKNOWN (captured, unclassified) read differently.
 */
export function genderWords(gender: Gender): "MALE" | "FEMALE" | "UNKNOWN" | "notCaptured" {
  return gender ?? "notCaptured";
}

/** Machine values in English words, as the CSV export and the sign-off record write them. */
export function genderInWords(gender: Gender): string {
  switch (gender) {
    case "MALE":
      return "Male";
    case "FEMALE":
      return "Female";
    case "UNKNOWN":
      return "Captured, not classified";
    case null:
      return "Not captured";
  }
}

/** A scan source's words in the `guests` catalogue (`source.<key>`), for the screen. */
export const SOURCE_KEYS: Record<ArrivalSource, "scan" | "scanManualEntry" | "manualEntry"> = {
  scan: "scan",
  "scan manual entry": "scanManualEntry",
  "manual entry": "manualEntry",
};

/** In English, as the CSV export and the sign-off record write them. */
export const SOURCE_WORDS: Record<ArrivalSource, string> = {
  scan: "ID scanned",
  "scan manual entry": "ID photographed, details typed",
  "manual entry": "Typed by staff",
};

interface NameParts {
  firstName: string | null;
  middleName?: string | null;
  lastName: string | null;
}

/** A name from its captured parts, a part that was not captured left out; null when none was captured. */
export function capturedName(parts: NameParts): string | null {
  const name = [parts.firstName, parts.middleName, parts.lastName]
    .filter((p): p is string => !!p && p.trim() !== "")
    .join(" ");
  return name || null;
}

/** The name, or in English that none was captured, as the CSV export and the sign-off record write it. */
export function fullName(parts: NameParts): string {
  return capturedName(parts) ?? "Name not captured";
}

/** "1990-04-01T00:00:00" → "1990-04-01": a date of birth is a calendar date, not an instant. */
export function calendarDate(localDateTime: string): string {
  return localDateTime.split("T")[0]!;
}
