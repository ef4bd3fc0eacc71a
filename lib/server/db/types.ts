import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

import type * as schema from "./schema";

export type DatabaseKind = "pglite" | "postgres";

type Row<T> = T extends Record<string, unknown> ? T : Record<string, unknown>;

export interface QueryRows<T> {
  rows: T[];
}

/**
 * What `db.execute` resolves to: only `rows`, the part that node-postgres' QueryResult and PGlite's
 * Results share, so code written against one driver cannot lean on the other's extras.
 */
export interface DatabaseQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Row<this["row"]>>;
}

/** The same type on PGlite and PostgreSQL. */
export type Database = PgDatabase<DatabaseQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback. */
export type Transaction = PgTransaction<
  DatabaseQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

/**
 * What a repository function runs its queries on: the database, or a transaction a caller opened, so
 * that work of two repositories can commit together. Its own `transaction` nests as a savepoint.
 */
export type Executor = Database | Transaction;
