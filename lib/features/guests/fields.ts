import type { ArrivalSource, Gender } from "@/lib/features/reports/types";

/** Machine values in words. null (nothing captured) and UNKNOWN (captured, unclassified) read differently. */
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

export const SOURCE_WORDS: Record<ArrivalSource, string> = {
  scan: "ID scanned",
  "scan manual entry": "ID photographed, details typed",
  "manual entry": "Typed by staff",
};

/** A name from its captured parts; a part that was not captured is left out, all of them missing says so. */
export function fullName(parts: {
  firstName: string | null;
  middleName?: string | null;
  lastName: string | null;
}): string {
  const name = [parts.firstName, parts.middleName, parts.lastName]
    .filter((p): p is string => !!p && p.trim() !== "")
    .join(" ");
  return name || "Name not captured";
}

/** Made once: a table of arrivals formats three dates a row, and making a formatter costs far more than using one. */
const localDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "1990-04-01T00:00:00" → "Apr 1, 1990": a date of birth is a calendar date, not an instant. */
export function formatLocalDate(localDateTime: string): string {
  const [date] = localDateTime.split("T");
  return localDate.format(new Date(`${date}T00:00:00Z`));
}
