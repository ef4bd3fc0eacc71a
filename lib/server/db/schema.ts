import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { ROLES } from "@/lib/core/access";
import { MATCH_OUTCOMES } from "@/lib/core/match-outcomes";

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
  properties: text("properties")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** Set when an admin chose the password (a new account, a reset): the person must pick their own first. */
  passwordMustChange: boolean("password_must_change").notNull().default(false),
  /** Grants beyond the role (lib/core/access PERMISSIONS): "privacy" answers guests' privacy requests. */
  permissions: text("permissions")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * Where role and properties above come from: "hand", an admin's choice (every account made in
   * Daybook), which the identity provider's groups never overwrite; "mapping", the groups' access
   * as of the person's last single sign-on.
   */
  accessSource: text("access_source", { enum: ["hand", "mapping"] })
    .notNull()
    .default("hand"),
  /** What the group mapping gave at the last single sign-on (null role: none); shown beside the hand-set access. */
  mappedRole: text("mapped_role", { enum: ROLES }),
  mappedAllProperties: boolean("mapped_all_properties").notNull().default(false),
  mappedProperties: text("mapped_properties")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Null: never signed in through the identity provider. */
  mappedAt: timestamp("mapped_at", { withTimezone: true }),
  /** May still sign in with a password when password sign-in is off for everyone else. */
  breakGlass: boolean("break_glass").notNull().default(false),
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
    /** How the person signed in: "password" (with a code, when they have one) or "sso". */
    method: text("method", { enum: ["password", "sso"] })
      .notNull()
      .default("password"),
    /** The provider's ID token of a single sign-on, for ending the provider's session too; cleared at sign-out. */
    ssoIdToken: text("sso_id_token"),
  },
  (table) => [index("user_sessions_user_idx").on(table.userId)],
);

/**
 * A person's TOTP second factor. The row exists from the start of enrolment; it counts only once
 * `enabledAt` is set, after a first code confirmed it.
 */
export const userSecondFactors = pgTable("user_second_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The TOTP secret, sealed like the stored API key (lib/server/encryption, purpose "totp-secret"). */
  secretEncrypted: text("secret_encrypted").notNull(),
  /** Which encryption key sealed it (npm run rotate-encryption-key re-seals under the current one). */
  keyId: text("key_id"),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The last 30-second time step a code was accepted for: a code is good once. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 hashes only. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("recovery_codes_user_code_idx").on(table.userId, table.codeHash)],
);

/** A correct password of an account with a second factor, waiting for its code (the sign-in's second step). */
export const signInChallenges = pgTable("sign_in_challenges", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** Set once a code was accepted ("authenticator app" or "recovery code"): only then may a session start from it. */
  verifiedWith: text("verified_with"),
});

/** Settings an admin changes on the admin screen, one row per setting. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

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
  /** AES-256-GCM: base64 of iv ‖ tag ‖ ciphertext (lib/server/encryption). */
  encrypted: text("encrypted").notNull(),
  /**
   * Which key encrypted it (lib/server/encryption keyId); null: a row stored before keys had ids,
   * under the key derived from AUTH_SECRET the old way.
   */
  keyId: text("key_id"),
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
    outcome: text("outcome", { enum: ["success", "failure"] })
      .notNull()
      .default("success"),
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

export const STORED_ENDPOINTS = ["usage", "guests", "criminal-arrivals"] as const;
export type StoredEndpoint = (typeof STORED_ENDPOINTS)[number];

export const SYNC_TRIGGERS = ["schedule", "command", "admin", "demo"] as const;
export const SYNC_OUTCOMES = ["running", "stored", "nothing new", "partial", "failed"] as const;

/** What one pull did to one endpoint, as the sync page shows it. */
export interface SyncEndpointOutcome {
  endpoint: StoredEndpoint;
  /**
   * stored: a new day kept; observed: the day was already kept, only live fields were read; not a
   * whole day: pulled outside the daily window, when the properties did not all report the same day.
   */
  result: "stored" | "observed" | "already stored" | "not a whole day" | "failed";
  /** With "stored": the answer also re-read the live fields of property days already kept. */
  observed?: boolean;
  /** The local days the answer's properties reported (a group across the date line reports two). */
  days?: string[];
  reportedDate: string | null;
  itemCount: number | null;
  correlationId: string | null;
  errorCode: string | null;
  status: number | null;
}

/** Each pull of the reports: when, why, how it ended. Visible to admins. */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    trigger: text("trigger", { enum: SYNC_TRIGGERS }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    outcome: text("outcome", { enum: SYNC_OUTCOMES }).notNull().default("running"),
    reportedDate: text("reported_date"),
    endpoints: jsonb("endpoints")
      .$type<SyncEndpointOutcome[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The correlation id to quote to the API's support: the first failure's, else the last answer's. */
    correlationId: text("correlation_id"),
    message: text("message"),
  },
  (table) => [index("sync_runs_started_idx").on(table.startedAt)],
);

/**
 * A report as pulled, once per endpoint and reported day (the API's own reportedDateLocal). The
 * report is kept without its items; guest and criminal-arrival items, personal data, are kept in
 * stored_items so they can be purged while the day's aggregates stay.
 */
export const storedReports = pgTable(
  "stored_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpoint: text("endpoint", { enum: STORED_ENDPOINTS }).notNull(),
    reportedDate: text("reported_date").notNull(),
    pulledAt: timestamp("pulled_at", { withTimezone: true }).notNull(),
    runId: bigint("run_id", { mode: "number" }).references(() => syncRuns.id, { onDelete: "set null" }),
    /** The report's top level (usage: the whole report). */
    report: jsonb("report").$type<Record<string, unknown>>().notNull(),
    itemCount: integer("item_count").notNull().default(0),
    /** When the items' live fields (isCurrentlyBanned) were last read from the API. */
    liveObservedAt: timestamp("live_observed_at", { withTimezone: true }),
    /** Set when the retention period removed the items. */
    itemsPurgedAt: timestamp("items_purged_at", { withTimezone: true }),
    /**
     * When kept items last changed other than by a pull (a privacy policy dropped fields, an arrival
     * was erased or restricted): part of the day's version, so no instance serves the old copy.
     */
    revisedAt: timestamp("revised_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("stored_reports_day_idx").on(table.endpoint, table.reportedDate)],
);

/** The items of a stored guests or criminal-arrivals report, in the API's order. Personal data. */
export const storedItems = pgTable(
  "stored_items",
  {
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => storedReports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    propertyName: text("property_name").notNull(),
    checkInDateLocal: text("check_in_date_local").notNull(),
    checkInAtUtc: text("check_in_at_utc").notNull(),
    item: jsonb("item").$type<Record<string, unknown>>().notNull(),
    /**
     * Keyed hashes (lib/server/privacy/match-key) a person is found by for a privacy request: of the
     * normalized first and last name, of the date of birth and of the document number. Null where the
     * policy did not keep the field (or, for criminal arrivals, the API does not send it).
     */
    nameKey: text("name_key"),
    birthKey: text("birth_key"),
    documentKey: text("document_key"),
    /**
     * What screens filter and count on, typed, so a range reads an index and never the JSON of every
     * arrival (guests only; null for criminal arrivals, which carry none of them): the zone the
     * arrival names, its screening at check-in (null: no screening record), its ban as pulled (a
     * later change is a live observation) and whether it was scanned.
     */
    propertyTimeZone: text("property_time_zone"),
    matchedBanAtCheckIn: boolean("matched_ban_at_check_in"),
    bannedWhenPulled: boolean("banned_when_pulled"),
    source: text("source"),
    /** A privacy request restricted this arrival: kept, and shown on no screen and in no export. */
    restrictedBy: bigint("restricted_by", { mode: "number" }).references(() => privacyRequests.id, {
      onDelete: "set null",
    }),
    /**
     * What the arrival says about the guest beyond its day, as bits (SIGNAL in
     * lib/core/match-outcomes): staff flag, ban matched, criminal or sex-offender match, banned when
     * pulled. Guests only; 0 for the great majority, which the investigations' index leaves out.
     */
    signals: smallint("signals").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.reportId, table.position] }),
    // By property and local day; with the check-in instant, an arrival is found exactly, as placing
    // a shared name's criminal arrivals in their zone asks for a year of them at once.
    index("stored_items_list_idx").on(table.propertyName, table.checkInDateLocal, table.checkInAtUtc),
    // Criminal arrivals (the only items without a zone) by list: the review queue finds the lists of a
    // year that are not signed off in this small index alone, and reads only those lists' arrivals.
    index("stored_items_criminal_list_idx")
      .on(table.checkInDateLocal, table.propertyName)
      .where(sql`${table.propertyTimeZone} is null`),
    // A person is found by equality on a keyed hash, never by a range: a hash index's buckets take
    // back what a purged day frees, where a B-tree of random keys kept growing half-empty pages.
    index("stored_items_name_key_idx").using("hash", table.nameKey),
    index("stored_items_document_key_idx").using("hash", table.documentKey),
    // The only arrivals the banned-after-stay rule can list without a later reading: banned as pulled,
    // not matched. It holds every column the rule reads, so a year's candidates (some 40,000 among
    // 7 million arrivals) are read from this small index alone, never from the arrivals' pages.
    index("stored_items_ban_candidates_idx")
      .on(
        table.reportId,
        table.position,
        table.propertyName,
        table.checkInDateLocal,
        table.checkInAtUtc,
        table.propertyTimeZone,
        table.matchedBanAtCheckIn,
        table.restrictedBy,
      )
      .where(sql`${table.bannedWhenPulled} and ${table.matchedBanAtCheckIn} is not true`),
    // The investigations' starting points (flagged, matched or banned guests whose document is kept),
    // by day: a few percent of the arrivals, so a year of them is read from this index alone.
    index("stored_items_signals_idx")
      .on(table.checkInDateLocal, table.documentKey, table.signals)
      .where(sql`${table.signals} <> 0 and ${table.documentKey} is not null`),
  ],
);

/**
 * Per stored guest property day (and zone, which tells apart properties sharing a name): how many
 * arrivals are kept, how many had no screening record, how many were typed in by staff. Recounted
 * from stored_items whenever they change (a store, a purge, an erasure), so coverage, trends and
 * unusual days read hundreds of rows for a year, never its millions of arrivals. Not personal data.
 */
export const storedDayCounts = pgTable(
  "stored_day_counts",
  {
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => storedReports.id, { onDelete: "cascade" }),
    propertyName: text("property_name").notNull(),
    /** The zone the arrivals named; "" when they named none. */
    propertyTimeZone: text("property_time_zone").notNull(),
    arrivals: integer("arrivals").notNull(),
    unscreened: integer("unscreened").notNull(),
    manual: integer("manual").notNull(),
    /** Arrivals staff flagged (isFlagged), and of those, the ones screening matched nothing about. */
    flagged: integer("flagged").notNull().default(0),
    flaggedUnmatched: integer("flagged_unmatched").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.propertyName, table.propertyTimeZone] })],
);

/**
 * Per stored criminal-arrival list part (report, property name, local check-in day): how many
 * arrivals it holds and, for those the desk acknowledged, each one's wait in ms (sorted).
 * Restricted arrivals are left out, as on every screen. Kept by the `stored_list_counts_recount`
 * triggers on stored_items (drizzle/0013_list-counts.sql), so a store, a purge, an erasure, a
 * restriction or a policy change can never leave it behind: Properties' acknowledgement and sign-off
 * figures read a year's lists here instead of its quarter million criminal arrivals. The zone is not
 * here: criminal arrivals carry none, and a shared name's are placed from their items (placement.ts).
 */
export const storedListCounts = pgTable(
  "stored_list_counts",
  {
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => storedReports.id, { onDelete: "cascade" }),
    propertyName: text("property_name").notNull(),
    listDate: text("list_date").notNull(),
    arrivals: integer("arrivals").notNull(),
    waitsMs: bigint("waits_ms", { mode: "number" }).array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.propertyName, table.listDate] })],
);

/**
 * Per stored usage day: the row figures whose headline the day did not record (the rows read 0
 * there). With stored_usage_rows, kept by the `stored_usage_rows_refresh` trigger on stored_reports
 * (drizzle/0016_usage-rows.sql) whenever a usage day is written, so trends and unusual days read a
 * year's property rows in typed columns instead of parsing every stored report. Not personal data.
 */
export const storedUsageDays = pgTable("stored_usage_days", {
  reportId: bigint("report_id", { mode: "number" })
    .primaryKey()
    .references(() => storedReports.id, { onDelete: "cascade" }),
  unrecorded: text("unrecorded").array().notNull(),
});

/** A stored usage day's property rows as the report lists them (`position` from 0), in typed columns. */
export const storedUsageRows = pgTable(
  "stored_usage_rows",
  {
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => storedReports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    propertyName: text("property_name").notNull(),
    scans: integer("scans").notNull(),
    manualEntry: integer("manual_entry").notNull(),
    bansAdded: integer("bans_added").notNull(),
    criminalMatches: integer("criminal_matches").notNull(),
    sexOffenderMatches: integer("sex_offender_matches").notNull(),
    banMatches: integer("ban_matches").notNull(),
    criminal: integer("criminal").notNull(),
    sexOffender: integer("sex_offender").notNull(),
    ageAlert: integer("age_alert").notNull(),
    localAlert: integer("local_alert").notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.position] })],
);

/**
 * Which properties a stored day covers, and from which pull: each property's local day is stored
 * once, from whichever pull reported it, so one stored day can be assembled from several pulls (a
 * group whose zones span more than a day never reports one day for all its properties at once).
 * Not personal data: it outlives the retention purge with the day's figures.
 */
export const storedCoverage = pgTable(
  "stored_coverage",
  {
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => storedReports.id, { onDelete: "cascade" }),
    propertyName: text("property_name").notNull(),
    pulledAt: timestamp("pulled_at", { withTimezone: true }).notNull(),
    runId: bigint("run_id", { mode: "number" }).references(() => syncRuns.id, { onDelete: "set null" }),
    /** When this property's live fields were last read from the API (guests only). */
    liveObservedAt: timestamp("live_observed_at", { withTimezone: true }),
    /**
     * Usage only: the property's rows as reported (two properties may share a name), a figure null
     * where the answer's headline said "not recorded" and the row read 0.
     */
    rows: jsonb("rows").$type<Record<string, unknown>[]>(),
    /** Set when this property's guest-level data of the day was removed (its policy's retention). */
    itemsPurgedAt: timestamp("items_purged_at", { withTimezone: true }),
    /** Arrivals of this property day erased at a guest's request: a count, so a list can say so. */
    erasedItems: integer("erased_items").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.propertyName] })],
);

/**
 * The properties the key reaches, by name, with the zones their arrivals named: which day a
 * property reports follows its zone, and a property with no arrival today still has one.
 */
export const knownProperties = pgTable("known_properties", {
  propertyName: text("property_name").primaryKey(),
  timeZones: jsonb("time_zones")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The pull time of the latest usage answer that listed it: the latest such answer lists the key's reach. */
  listedAt: timestamp("listed_at", { withTimezone: true }),
});

/** A live field that changed between pulls of a stored day, with when it was seen. */
export const liveObservations = pgTable(
  "live_observations",
  {
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => storedReports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    observedAt: timestamp("observed_at", { withTimezone: true }).notNull(),
    isCurrentlyBanned: boolean("is_currently_banned").notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.position, table.observedAt] })],
);

const undoColumns = () => ({
  undoneAt: timestamp("undone_at", { withTimezone: true }),
  undoneBy: uuid("undone_by").references(() => users.id, { onDelete: "set null" }),
  undoneByEmail: text("undone_by_email"),
  undoneReason: text("undone_reason"),
});

/**
 * A supervisor's review of one criminal arrival. The API has no guest identifier, so an item is
 * identified by property, check-in instant and name; the record keeps only a SHA-256 of the three
 * (item_key). When the day's guest data is purged, the key is replaced and the notes and the
 * check-in instant are cleared, so the record still says who reviewed and when, and leads to no guest.
 */
export const itemReviews = pgTable(
  "item_reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    itemKey: text("item_key").notNull(),
    propertyName: text("property_name").notNull(),
    /** The zone that tells apart properties sharing the name; null for a name nobody shares. */
    propertyTimeZone: text("property_time_zone"),
    listDate: text("list_date").notNull(),
    /** The check-in instant; emptied with the day's guest data (list_date keeps the day). */
    checkInAtUtc: text("check_in_at_utc"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewerEmail: text("reviewer_email").notNull(),
    reviewerName: text("reviewer_name").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
    note: text("note"),
    /** What the check found (MATCH_OUTCOMES); null on reviews made before outcomes were asked. */
    outcome: text("outcome", { enum: MATCH_OUTCOMES }),
    policeContacted: boolean("police_contacted").notNull().default(false),
    /**
     * The arrival's match and source as reviewed, kept with the outcome (none of it personal), so
     * false-match rates read a year of reviews alone and outlive the day's purge.
     */
    hasCriminalRecord: boolean("has_criminal_record"),
    isSexOffender: boolean("is_sex_offender"),
    source: text("source"),
    ...undoColumns(),
  },
  (table) => [
    uniqueIndex("item_reviews_active_idx")
      .on(table.itemKey)
      .where(sql`undone_at is null`),
    index("item_reviews_list_idx").on(table.propertyName, table.listDate),
    // A review or sign-off reads its day's reviews by date alone (names compare by propertyKey).
    index("item_reviews_date_idx").on(table.listDate),
    // Outcomes of a window for the false-match rates, by day.
    index("item_reviews_outcome_idx")
      .on(table.listDate)
      .where(sql`${table.undoneAt} is null and ${table.outcome} is not null`),
  ],
);

/** A supervisor's sign-off of one property's criminal-arrival list for one local day. */
export const listSignOffs = pgTable(
  "list_sign_offs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    propertyName: text("property_name").notNull(),
    /** The zone that tells apart properties sharing the name; null for a name nobody shares. */
    propertyTimeZone: text("property_time_zone"),
    listDate: text("list_date").notNull(),
    signedOffBy: uuid("signed_off_by").references(() => users.id, { onDelete: "set null" }),
    signerEmail: text("signer_email").notNull(),
    signerName: text("signer_name").notNull(),
    signedOffAt: timestamp("signed_off_at", { withTimezone: true }).notNull().defaultNow(),
    note: text("note"),
    itemCount: integer("item_count").notNull(),
    ...undoColumns(),
  },
  (table) => [
    uniqueIndex("list_sign_offs_active_idx")
      .on(table.propertyName, sql`coalesce(${table.propertyTimeZone}, '')`, table.listDate)
      .where(sql`undone_at is null`),
    index("list_sign_offs_date_idx").on(table.listDate),
    // Standing sign-offs by name then day, zoned or not: the review queue asks for a few thousand
    // (name, day) pairs of a year's 70,000 sign-offs.
    index("list_sign_offs_name_day_idx")
      .on(table.propertyName, table.listDate)
      .where(sql`${table.undoneAt} is null`),
    // Standing sign-offs of lists without a zone, by name then day: the review queue sets them against
    // the criminal arrivals' index, in the same order, to find the lists not signed off.
    index("list_sign_offs_unzoned_idx")
      .on(table.propertyName, table.listDate)
      .where(sql`${table.undoneAt} is null and ${table.propertyTimeZone} is null`),
  ],
);

/**
 * Each daily housekeeping run (retention purge, expired sessions, old throttle rows, old audit
 * entries): the newest says whether today's is done, on every instance sharing the database.
 */
export const housekeepingRuns = pgTable(
  "housekeeping_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: ["done", "failed"] }).notNull(),
    /** Counts of what was removed, per kind; never the rows themselves. */
    removed: jsonb("removed").$type<Record<string, number>>().notNull(),
    message: text("message").notNull(),
  },
  (table) => [index("housekeeping_runs_ran_idx").on(table.ranAt)],
);

/**
 * What this database was set up for, one row: "demo" (published sign-ins, invented days) or "live".
 * A live Daybook refuses a demo database and the demo refuses a live one (lib/server/db/mode.ts).
 */
export const databaseMode = pgTable(
  "database_mode",
  {
    id: integer("id").primaryKey().default(1),
    mode: text("mode", { enum: ["demo", "live"] }).notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("database_mode_one_row", sql`${table.id} = 1`)],
);

export const MAIL_KINDS = ["digest", "alert", "webhook", "test"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every digest, alert, webhook call and test message, recorded before it is sent. `dedupeKey` is
 * unique (kind, person, day): a second pull, a restart or a second instance finds the row and sends
 * nothing more. A row is claimed (status "sending", with a lease) by one instance at a time, and is
 * marked "sent" once the server accepted it. The rendered message is kept so a retry sends the
 * same thing; it holds counts and links only, never a guest's personal data.
 */
export const mailDeliveries = pgTable(
  "mail_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The stored day it speaks of (null for a test message). */
    day: text("day"),
    /** An e-mail address, or the webhook's host for a webhook call. */
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    message: jsonb("message")
      .$type<{ text: string; html?: string; json?: unknown; unsubscribeUrl?: string }>()
      .notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The mail server's (or webhook's) last answer: its reply to a refusal, or its acceptance. */
    lastReply: text("last_reply"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    index("mail_deliveries_created_idx").on(table.createdAt),
  ],
);

/** The demo's mail catcher: messages its built-in SMTP server received, as parsed. Demo only. */
export const caughtMail = pgTable(
  "caught_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
  },
  (table) => [index("caught_mail_received_idx").on(table.receivedAt)],
);

/**
 * A privacy policy (lib/core/privacy): retention and kept fields for the properties assigned to it.
 * One row is the default (is_default), whose retention is DAYBOOK_RETENTION_DAYS unless set here.
 */
export const privacyPolicies = pgTable(
  "privacy_policies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    isDefault: boolean("is_default").notNull().default(false),
    /** Null only on the default policy: DAYBOOK_RETENTION_DAYS. */
    retentionDays: integer("retention_days"),
    kept: jsonb("kept").$type<Record<string, boolean>>().notNull(),
    criminalDetails: boolean("criminal_details").notNull().default(true),
    legalHold: text("legal_hold"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("privacy_policies_one_default_idx")
      .on(table.isDefault)
      .where(sql`is_default`),
  ],
);

/** Which properties follow a policy other than the default, by name as the API spells it. */
export const privacyAssignments = pgTable("privacy_assignments", {
  propertyName: text("property_name").primaryKey(),
  policyId: uuid("policy_id")
    .notNull()
    .references(() => privacyPolicies.id, { onDelete: "cascade" }),
  assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  assignedBy: uuid("assigned_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * Every removal of guest-level data: what was removed (day, property, kind, how many rows, which
 * fields, under which rule), never the data itself.
 */
export const purgeLog = pgTable(
  "purge_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason", { enum: ["retention", "policy", "erasure"] }).notNull(),
    /** The rule in words: "EU: kept 30 days", "EU: date of birth not kept", "erasure request #4". */
    rule: text("rule").notNull(),
    /** "guest arrivals", "criminal arrivals", "review notes", … */
    kind: text("kind").notNull(),
    day: text("day"),
    propertyName: text("property_name"),
    rows: integer("rows").notNull(),
    /** The fields removed from rows that stay (a policy change), by policy field. */
    fields: text("fields").array(),
    requestId: bigint("request_id", { mode: "number" }),
  },
  (table) => [index("purge_log_at_idx").on(table.at)],
);

/**
 * A guest's privacy request. Who it is for is kept only as the keyed hashes the person is found by
 * (never a name, date of birth or number), and those are cleared once an erasure is done.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["access", "erasure", "restriction"] }).notNull(),
    state: text("state", { enum: ["open", "done", "refused", "withdrawn"] })
      .notNull()
      .default("open"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** The requester's own reference (a ticket number): never the guest's name. */
    reference: text("reference"),
    nameKey: text("name_key"),
    birthKey: text("birth_key"),
    documentKey: text("document_key"),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedByEmail: text("closed_by_email"),
    /** How it ended, in words and counts: "Erased 3 arrivals on 2 days", or the refusal's reason. */
    outcome: text("outcome"),
    /** A restriction in force until lifted. */
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
  },
  (table) => [index("privacy_requests_state_idx").on(table.state, table.dueAt)],
);

/** The key privacy matches are hashed with: 32 random bytes, sealed like the API key. One row. */
export const privacyMatchKey = pgTable(
  "privacy_match_key",
  {
    id: integer("id").primaryKey().default(1),
    encrypted: text("encrypted").notNull(),
    keyId: text("key_id"),
    createdAt: createdAt(),
  },
  (table) => [check("privacy_match_key_one_row", sql`${table.id} = 1`)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserSession = typeof userSessions.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type SyncRun = typeof syncRuns.$inferSelect;
export type HousekeepingRun = typeof housekeepingRuns.$inferSelect;
export type MailDelivery = typeof mailDeliveries.$inferSelect;
export type CaughtMail = typeof caughtMail.$inferSelect;

/**
 * Single sign-on through one OpenID Connect provider: one row (id 1). The connection's fields are
 * null when none is stored (or the environment sets it); the rules of admission always live here.
 */
export const ssoSettings = pgTable("sso_settings", {
  id: integer("id").primaryKey().default(1),
  issuer: text("issuer"),
  clientId: text("client_id"),
  /** Sealed like the API key (lib/server/encryption); `secretKeyId` names the key. */
  clientSecret: text("client_secret"),
  secretKeyId: text("secret_key_id"),
  scopes: text("scopes"),
  label: text("label"),
  /** The button is shown and sign-ins accepted; only once the stored connection passed a test. */
  enabled: boolean("enabled").notNull().default(false),
  /** The connection (issuer, client, secret, scopes) that last passed "Test", as a digest, and when. */
  testedDigest: text("tested_digest"),
  testedAt: timestamp("tested_at", { withTimezone: true }),
  /** A person with no account yet gets one at first sign-in, with the access the mapping gives. */
  createAccounts: boolean("create_accounts").notNull().default(false),
  /** Link by e-mail when the provider sends no email_verified at all (Microsoft Entra ID), trusting its addresses. */
  trustProviderEmails: boolean("trust_provider_emails").notNull().default(false),
  /** A person the mapping gives no role (and no admin gave one by hand) is refused. */
  strict: boolean("strict").notNull().default(true),
  /** The claim whose values the mapping matches: "groups", or a dotted path such as "realm_access.roles". */
  groupClaim: text("group_claim").notNull().default("groups"),
  /** Refuse a sign-in whose ID token lacks this `amr` value ("mfa") or this `acr`. */
  requiredAmr: text("required_amr"),
  requiredAcr: text("required_acr"),
  /** "everyone", or "break_glass": passwords only for the accounts marked so. */
  passwordSignIn: text("password_sign_in", { enum: ["everyone", "break_glass"] })
    .notNull()
    .default("everyone"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** A person's identity at the provider, linked to their account: matched by issuer and subject, never by e-mail again. */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("sso_identities_subject_idx").on(table.issuer, table.subject),
    // One identity per account and provider: a second subject claiming the same account by e-mail is refused.
    uniqueIndex("sso_identities_user_issuer_idx").on(table.userId, table.issuer),
  ],
);

/** A value of the group claim, and the role and properties it gives. */
export const ssoGroupMappings = pgTable("sso_group_mappings", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  groupName: text("group_name").notNull().unique(),
  role: text("role", { enum: ROLES }).notNull(),
  allProperties: boolean("all_properties").notNull().default(false),
  properties: text("properties")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
});
