import type { IdpPerson } from "./types";

/** The demo's client, as Daybook's demo configures its OpenID Connect sign-in. */
export const DEMO_CLIENT_ID = "daybook-demo";

function demoPerson(sub: string, name: string, role: string, groups: string[]): IdpPerson {
  const email = `${role}@daybook.demo`;
  return { sub, login: email, password: `${role}-demo-pass`, name, email, emailVerified: true, groups };
}

/**
 * The four demo accounts, as single sign-on people, plus one person Daybook does not know yet, so the
 * demo can show what happens when someone new signs in with the provider.
 */
export const DEMO_PEOPLE: IdpPerson[] = [
  demoPerson("demo-ada", "Ada Admin", "admin", ["daybook-admins"]),
  demoPerson("demo-rhea", "Rhea Regional", "regional", ["regional-north"]),
  demoPerson("demo-sam", "Sam Supervisor", "supervisor", ["hotel-supervisors-west"]),
  demoPerson("demo-vic", "Vic Viewer", "viewer", ["harbour-view-managers"]),
  demoPerson("demo-nia", "Nia Newcomer", "newcomer", ["hotel-supervisors-west"]),
];
