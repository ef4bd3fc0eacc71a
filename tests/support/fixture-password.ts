/** The password of every account that addUser() (tests/support/access-fixtures.ts) creates. */
export const FIXTURE_PASSWORD = "fixture-password-123";
