// Descriptions carry `<`, `&`, `$` and dashes on purpose: they are free text the app must escape.
export const OFFENSE_DESCRIPTIONS: readonly string[] = [
  "Burglary in the second degree",
  "Possession of a controlled substance",
  "Driving under the influence",
  "Theft of property < $1,000",
  "Assault in the third degree",
  "Criminal trespass — habitation",
  "Forgery & uttering a forged instrument",
  "Disorderly conduct",
  "Fraudulent use of a credit card",
  "Vandalism (damage under $400)",
  "Resisting arrest",
  "Identity theft",
];

export const CRIME_TYPES: readonly string[] = ["FELONY", "MISDEMEANOR"];

/** A value outside the documented examples, so clients must not treat the list as closed. */
export const CRIME_TYPES_WITH_NEW_VALUE: readonly string[] = ["FELONY", "MISDEMEANOR", "PETTY_OFFENSE"];

export const MARKUP_LAST_NAME = "<img src=x onerror=alert(1)>";
