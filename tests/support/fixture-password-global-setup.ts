import type { TestProject } from "vitest/node";

import { hashPassword } from "@/lib/server/auth/password";

import { FIXTURE_PASSWORD } from "./fixture-password";

declare module "vitest" {
  export interface ProvidedContext {
    /** A scrypt hash of FIXTURE_PASSWORD; see tests/support/access-fixtures.ts. */
    fixturePasswordHash: string;
  }
}

/**
 * The accounts tests add share one password hash: made once for the whole run, not once in each of
 * the many test files that add accounts (a hash costs about 0.4 s of CPU at the production cost).
 */
export default async function setup(project: TestProject) {
  project.provide("fixturePasswordHash", await hashPassword(FIXTURE_PASSWORD));
}
