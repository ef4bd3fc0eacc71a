/**
 * How a request names its person. Apart from schemas.ts so the form (a client component) can read it
 * without bringing zod into the browser, where zod's feature probe trips the Content-Security-Policy.
 */
export const PERSON_BY = ["name and date of birth", "document number"] as const;
export type PersonBy = (typeof PERSON_BY)[number];
