import { defineConfig } from "drizzle-kit";

// Generation only compares the schema with drizzle/meta: it needs no database connection.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/db/schema.ts",
  out: "./drizzle",
});
