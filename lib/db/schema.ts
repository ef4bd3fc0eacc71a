import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const ROLES = ["viewer", "supervisor", "regional", "admin"] as const;
export type Role = (typeof ROLES)[number];

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** People who sign in to Daybook. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Lower-cased; the sign-in name. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  /** True: every property the key reaches, now and later. Otherwise only `properties`. */
  allProperties: boolean("all_properties").notNull().default(false),
  /** Property names as the API spells them; a name shared by two properties grants both. */
  properties: text("properties").array().notNull().default(sql`'{}'::text[]`),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per signed-in browser. The session cookie carries only this id (signed), so a session
 * can be ended from the server: sign-out, a disabled account, a password reset.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
  },
  (table) => [index("user_sessions_user_idx").on(table.userId)],
);

/** Failed sign-ins counted per account name and per client address, for throttling. */
export const signInThrottle = pgTable("sign_in_throttle", {
  /** "account:<email>" or "address:<ip>". */
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** The Partner API key set by an admin, encrypted at rest. The newest row is the one in use. */
export const apiKeys = pgTable("api_keys", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** AES-256-GCM: base64 of iv ‖ tag ‖ ciphertext, under a key derived from AUTH_SECRET. */
  encrypted: text("encrypted").notNull(),
  last4: text("last4").notNull(),
  createdAt: createdAt(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
});

/** Who did what, when, to which property. Never guest personal data. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as text so the entry still reads after the account is gone. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    /** What the action was done to: an account's e-mail, "api key", … */
    target: text("target"),
    propertyName: text("property_name"),
    outcome: text("outcome", { enum: ["success", "failure"] }).notNull().default("success"),
    /** Small structured facts (role before/after, reason); never guest data. */
    details: jsonb("details").$type<Record<string, unknown>>(),
    clientAddress: text("client_address"),
  },
  (table) => [index("audit_events_at_idx").on(table.at), index("audit_events_action_idx").on(table.action)],
);

/** Small per-person settings, such as the columns chosen on a table. */
export const userPreferences = pgTable(
  "user_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserSession = typeof userSessions.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
