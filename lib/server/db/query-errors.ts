import { PgPreparedQuery } from "drizzle-orm/pg-core";

/**
 * A failed query, as Daybook's code and logs see it: the statement's kind and PostgreSQL's code and
 * constraint, nothing of its values. Drizzle's own error puts every bound parameter in its message
 * ("params: …": password hashes, e-mails, guest records), and the driver's error it wraps may quote
 * a value too (PostgreSQL's "Key (email)=(…) already exists", "invalid input syntax …: "…""). A
 * message like that would reach any log the error passes, Next's among them, so it never leaves
 * the database layer: only the fields below do.
 */
export class DatabaseQueryError extends Error {
  /** PostgreSQL's SQLSTATE (23505 unique_violation, …), or a Node code such as ECONNREFUSED. */
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;

  constructor(statement: string, driverError: unknown) {
    const field = (name: string): string | undefined => {
      const value = (driverError as Record<string, unknown> | null)?.[name];
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    const code = field("code");
    const constraint = field("constraint");
    const kind = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? "query";
    super(`Database ${kind} failed${code ? ` (${code}${constraint ? ` on ${constraint}` : ""})` : ""}`);
    this.name = "DatabaseQueryError";
    this.code = code;
    this.constraint = constraint;
    this.table = field("table");
    this.column = field("column");
  }
}

const GUARDED = Symbol.for("daybook.db.query-errors");

type QueryWithCache = (queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;

/**
 * Every query of both drivers runs through PgPreparedQuery's queryWithCache, which is where drizzle
 * wraps a driver's error with the parameters. Wrapping it once here turns that error into a
 * DatabaseQueryError before any of Daybook's code, or Next's, sees it. The method is drizzle's
 * internal one: tests (query-errors.db.test.ts) fail if an upgrade renames it, and so does this.
 */
export function guardQueryErrors(): void {
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache?: QueryWithCache; [GUARDED]?: true };
  if (prototype[GUARDED]) return;
  const original = prototype.queryWithCache;
  if (typeof original !== "function") {
    throw new Error("drizzle-orm no longer has PgPreparedQuery.queryWithCache: update lib/server/db/query-errors.ts");
  }
  prototype.queryWithCache = async function (this: unknown, queryString, params, query) {
    try {
      return await original.call(this, queryString, params, query);
    } catch (error) {
      const driverError = error instanceof Error && error.cause !== undefined ? error.cause : error;
      throw new DatabaseQueryError(queryString, driverError);
    }
  };
  prototype[GUARDED] = true;
}
