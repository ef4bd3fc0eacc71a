import type { TestProject } from "vitest/node";

import { startPostgresCluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a database on the throwaway cluster; see createPostgresDatabase(). */
    postgresUrl: string;
  }
}

/** One PostgreSQL cluster for the whole run; each suite makes its own database on it. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
