import pg from "pg";
import type { TestProject } from "vitest/node";

import { IN_MEMORY, openDatabase } from "@/lib/server/db/open";

import { startPostgresCluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a database on the throwaway cluster; see createPostgresDatabase(). */
    postgresUrl: string;
    /** A database on that cluster with every migration applied, to copy; see openTestDatabase(). */
    postgresMigratedTemplate: string;
  }
}

const MIGRATED_TEMPLATE = "daybook_migrated";

/**
 * The migrations, once for the whole run, into a template database: copying it takes tens of
 * milliseconds where migrating a new database took half a second, for each of the many suites that
 * open one. It admits no connection once made, so that nothing changes it and a copy is never
 * refused for a session left on it.
 */
async function makeMigratedTemplate(clusterUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${MIGRATED_TEMPLATE}`);
    const url = new URL(clusterUrl);
    url.pathname = `/${MIGRATED_TEMPLATE}`;
    const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY });
    await opened.close();
    await admin.query(`alter database ${MIGRATED_TEMPLATE} with is_template true allow_connections false`);
  } finally {
    await admin.end();
  }
}

/** One PostgreSQL cluster for the whole run; each suite makes its own database on it. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  try {
    await makeMigratedTemplate(cluster.url);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide("postgresUrl", cluster.url);
  project.provide("postgresMigratedTemplate", MIGRATED_TEMPLATE);
  return () => cluster.stop();
}
