import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { findPostgresTools, libpqEnvironment, parseToolMajor, toolErrorLines } from "./postgres-tools";

describe("libpqEnvironment", () => {
  it("hands DATABASE_URL's parts to pg_dump as libpq's variables, the password included, never as an argument", () => {
    // node-postgres' parser reads the certificate file as the server would: it must exist.
    const ca = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "daybook-ca-")), "ca.pem");
    fs.writeFileSync(ca, "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n");
    const env = libpqEnvironment(
      `postgresql://day%40book:p%40ss%2Fword@db.example.com:5433/daybook?sslmode=verify-full&sslrootcert=${ca}`,
      "daybook-backup",
    );
    fs.rmSync(path.dirname(ca), { recursive: true });
    expect(env).toMatchObject({
      PGHOST: "db.example.com",
      PGPORT: "5433",
      PGUSER: "day@book",
      PGPASSWORD: "p@ss/word",
      PGDATABASE: "daybook",
      PGSSLMODE: "verify-full",
      PGSSLROOTCERT: ca,
      PGAPPNAME: "daybook-backup",
    });
    expect(Object.keys(env)).not.toContain("DATABASE_URL");
  });

  it("reads a socket directory given as ?host=", () => {
    expect(libpqEnvironment("postgresql://daybook@/daybook?host=/var/run/postgresql", "x")).toMatchObject({
      PGHOST: "/var/run/postgresql",
      PGUSER: "daybook",
      PGDATABASE: "daybook",
    });
  });
});

describe("the PostgreSQL programs", () => {
  it("reads the major version from --version", () => {
    expect(parseToolMajor("pg_dump (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)\n")).toBe(15);
    expect(parseToolMajor("pg_dump (PostgreSQL) 17.2\n")).toBe(17);
    expect(parseToolMajor("something else")).toBeNull();
  });

  it("finds this machine's pg_dump and pg_restore for its server, and says what to install for a newer one", async () => {
    const tools = await findPostgresTools(15);
    expect(tools.major).toBeGreaterThanOrEqual(15);
    expect(tools.pgRestore).toMatch(/pg_restore$/);
    await expect(findPostgresTools(99)).rejects.toThrow(
      /the PostgreSQL server is version 99, and the only pg_dump found is older: .*pg_dump \(\d+\).*apt-get install postgresql-client-99/,
    );
  });

  it("passes on a program's error lines only, never the statement or row it failed on", () => {
    const stderr = [
      'pg_restore: error: could not execute query: ERROR:  relation "users" already exists',
      "Command was: CREATE TABLE public.users (id uuid NOT NULL, email text);",
      'pg_restore: error: COPY failed for table "users": ERROR: x CONTEXT: COPY users, line 1: "guest@example.com"',
      "pg_dump: detail: Connection refused",
    ].join("\n");
    expect(toolErrorLines(stderr)).toEqual([
      'pg_restore: error: could not execute query: ERROR:  relation "users" already exists',
      "pg_dump: detail: Connection refused",
    ]);
  });
});
