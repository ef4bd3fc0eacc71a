import { z } from "zod";

import { DEFAULT_REQUEST_DUE_DAYS } from "@/lib/core/privacy";
import { issuerProblem, normalScopes, scopesProblem } from "@/lib/core/sso";

import { MIN_SECRET_LENGTH, secretWeakness } from "./secret-strength";

/** The Partner API's key: 32 hexadecimal characters, configured or stored by an admin. */
export const API_KEY_PATTERN = /^[0-9a-fA-F]{32}$/;

/** The built-in simulator's published demo key: a well-known value, not a secret. */
export const DEMO_API_KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";

export const RETRY_DEFAULTS = {
  /** Per-attempt limit on one upstream request, body included. */
  timeoutMs: 20_000,
  /** Retries after the first attempt for 429, network errors and timeouts. */
  maxRetries: 4,
  /** Delay before the first retry; each later one doubles, times a random factor in [1, 2). */
  baseDelayMs: 250,
  /** No single wait exceeds this. */
  maxDelayMs: 4_000,
  /** No retry starts once this much time has passed since the first attempt. */
  maxElapsedMs: 30_000,
} as const;

/** Daily history: when pulls run, how long guest personal data is kept, when a review is late. */
export const HISTORY_DEFAULTS = {
  /** Minutes after the last property's local midnight before the day is pulled (the API computes it shortly after). */
  graceMinutes: 30,
  /** Days a stored day's guest personal data (arrivals, criminal arrivals) is kept. */
  retentionDays: 90,
  /** Hours after a criminal-arrival list is stored before its sign-off is overdue. */
  overdueHours: 24,
  /** Days of history the demo pulls on its first start by stepping the simulator's clock. */
  demoHistoryDays: 30,
  /** Rows of the unusual-days list on one page of Properties. */
  unusualDaysPerPage: 20,
  /**
   * The most properties Properties' trends draw a line and a column each for; with more, lines
   * and columns would be unreadable, so the trends show the group as a whole.
   */
  trendsPerPropertyMax: 10,
} as const;

/** Limits on personal data leaving Daybook, and how long its own records of people are kept. */
export const PRIVACY_DEFAULTS = {
  /** Days an audit entry (with its client address) is kept. */
  auditRetentionDays: 365,
  /** Full identification numbers one person may reveal within any 60 minutes. */
  revealsPerHour: 30,
  /** Rows at most in one export with full identification numbers. */
  fullIdExportMaxRows: 500,
  /** Days a guest's privacy request is due in after it was received (GDPR: one month; CCPA: 45 days). */
  requestDueDays: DEFAULT_REQUEST_DUE_DAYS,
} as const;

/** Single sign-on's connection when the environment sets it (DAYBOOK_OIDC_*), and how long the provider may take. */
export const SSO_DEFAULTS = {
  scopes: "openid email profile",
  label: "Sign in with single sign-on",
  /** Each call to the provider (discovery, keys, token): a slow provider is a clear refusal, not a hang. */
  timeoutMs: 10_000,
} as const;

/** How Daybook spares the Partner API: what it holds, how often it asks, when it stops asking. */
export const UPSTREAM_DEFAULTS = {
  /** Minutes a held guests report's isCurrentlyBanned stays current before the next view re-reads it. */
  liveRefreshMinutes: 5,
  /** Upstream calls in flight at once from one Daybook process, so Daybook itself never causes a 429. */
  concurrency: 2,
  /** A report body larger than this is refused (the largest known day is about 13 MB). */
  maxResponseMegabytes: 64,
  /** Consecutive failed calls after which the circuit opens and the API is left alone. */
  breakerFailures: 5,
  /** Seconds the circuit stays open before one probe call is let through. */
  breakerCooldownSeconds: 30,
  /** Memory for held reports, by their size as received. */
  heldCacheMegabytes: 96,
} as const;

/** The morning mail: when a digest may wait for a late pull, and how a refused message is retried. */
export const MAIL_DEFAULTS = {
  /** A person's digest goes out at this local hour unless they chose another. */
  digestHour: 7,
  /** Hours past a person's hour a digest waits for the day's pull of their properties before going out without it. */
  waitForPullHours: 3,
  /** Attempts at one message before it is marked failed. */
  maxAttempts: 6,
  /** Wait before the second attempt; each later one doubles, up to an hour. */
  retryBaseSeconds: 60,
} as const;

/** Running Daybook as a service: shutdown, logs, migrations across instances. */
export const OPERATIONS_DEFAULTS = {
  /** Seconds a stopping instance lets requests in flight finish before it closes the database anyway. */
  drainSeconds: 20,
  /** Seconds an instance waits for another one's migrations before it gives up starting. */
  migrationWaitSeconds: 120,
} as const;

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Guest data is on screen: a forgotten browser signs out after half an hour, any session after a working day. */
export const SESSION_DEFAULTS = { idleMinutes: 30, maxHours: 12 } as const;

/**
 * Sign-ins checked at once, and how many more may wait: each check is a 128 MiB scrypt hash on
 * Node's 4-thread pool, which also resolves host names for upstream calls and runs WebCrypto (every
 * request's session cookie is decrypted there). Two at once leave half the pool to everyone else.
 * Beyond the queue a sign-in is answered 429 at once, without hashing.
 */
export const SIGN_IN_DEFAULTS = { concurrency: 2, queue: 8 } as const;

/**
 * Next's key for server actions: base64 of 16, 24 or 32 bytes (`openssl rand -base64 32`). Set when
 * building and on every instance, so an action rendered by one instance runs on any other.
 */
const serverActionsKey = z
  .string()
  .refine(
    (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && [16, 24, 32].includes(Buffer.from(value, "base64").length),
    "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be base64 of 16, 24 or 32 bytes, such as the output of `openssl rand -base64 32`",
  );

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Empty strings in .env files mean "not set". */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

function integer(name: string, min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);
}

/** A secret Daybook keys something with: long and random-looking, or start-up stops naming the variable. */
function randomSecret(name: string) {
  return z.string().superRefine((value, ctx) => {
    const weakness = secretWeakness(value);
    if (weakness) {
      ctx.addIssue({
        code: "custom",
        message: `${name} ${weakness}: use at least ${MIN_SECRET_LENGTH} random characters, such as the output of \`openssl rand -base64 32\``,
      });
    }
  });
}

/** smtp://user:pass@host:port or smtps://…: the password is never echoed in a message. */
const smtpUrl = z
  .string()
  .refine((value) => URL.canParse(value), "SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587")
  .transform((value) => new URL(value))
  .refine(
    (url) => url.protocol === "smtp:" || url.protocol === "smtps:",
    "SMTP_URL must start with smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start)",
  )
  .refine((url) => url.hostname !== "", "SMTP_URL must name the mail server's host");

/** An address, or a display name with one: `Daybook <daybook@example.com>`. */
const mailFrom = z.string().refine((value) => {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}, "DAYBOOK_MAIL_FROM must be an e-mail address, or a name with one: Daybook <daybook@example.com>");

function webAddress(name: string) {
  return z
    .string()
    .refine((value) => URL.canParse(value), `${name} must be an absolute URL such as https://daybook.example.com`)
    .transform((value) => new URL(value))
    .refine(
      (url) => url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)),
      `${name} must use https (plain http only for a loopback address)`,
    )
    .refine((url) => !url.username && !url.password, `${name} must not carry credentials`);
}

/** A check of `lib/core/sso` as a schema whose message names the variable. */
function checked(name: string, problem: (value: string) => string | null) {
  return z.string().superRefine((value, ctx) => {
    const found = problem(value);
    if (found) ctx.addIssue({ code: "custom", message: `${name} ${found}` });
  });
}

const baseUrl = z
  .string()
  .refine(
    (value) => URL.canParse(value),
    "PARTNER_API_BASE_URL must be an absolute URL such as https://api.example.com",
  )
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === "https:" || url.protocol === "http:", "PARTNER_API_BASE_URL must use https")
  .refine(
    (url) => url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname),
    "PARTNER_API_BASE_URL must use https (plain http is allowed only for a loopback address), so the key never crosses a network in clear text",
  )
  .refine((url) => !url.username && !url.password, "PARTNER_API_BASE_URL must not carry credentials")
  .refine((url) => !url.search && !url.hash, "PARTNER_API_BASE_URL must not carry a query string or fragment");

/**
 * Every message names its variable and says what is wrong, and none echoes the value: a secret
 * pasted into the wrong variable must not end up in a log.
 */
export const configSchema = z
  .object({
    PARTNER_API_BASE_URL: optional(baseUrl),
    PARTNER_API_KEY: optional(z.string().regex(API_KEY_PATTERN, "PARTNER_API_KEY must be 32 hexadecimal characters")),
    PARTNER_API_TIMEOUT_MS: optional(integer("PARTNER_API_TIMEOUT_MS", 100, 600_000)),
    PARTNER_API_MAX_RETRIES: optional(integer("PARTNER_API_MAX_RETRIES", 0, 20)),
    PARTNER_API_RETRY_BASE_DELAY_MS: optional(integer("PARTNER_API_RETRY_BASE_DELAY_MS", 0, 60_000)),
    PARTNER_API_RETRY_MAX_ELAPSED_MS: optional(integer("PARTNER_API_RETRY_MAX_ELAPSED_MS", 0, 600_000)),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\/\S+$/, "DATABASE_URL must be a postgres:// or postgresql:// connection URL"),
    ),
    DAYBOOK_DATA_DIR: optional(z.string().min(1)),
    AUTH_SECRET: optional(randomSecret("AUTH_SECRET")),
    DAYBOOK_ENCRYPTION_KEY: optional(randomSecret("DAYBOOK_ENCRYPTION_KEY")),
    // The key being replaced is read, not judged: it may be an old, weaker secret.
    DAYBOOK_PREVIOUS_ENCRYPTION_KEY: optional(z.string()),
    DAYBOOK_ADMIN_EMAIL: optional(z.email("DAYBOOK_ADMIN_EMAIL must be an e-mail address")),
    DAYBOOK_ADMIN_PASSWORD: optional(z.string().min(12, "DAYBOOK_ADMIN_PASSWORD must be at least 12 characters long")),
    DAYBOOK_SESSION_IDLE_MINUTES: optional(integer("DAYBOOK_SESSION_IDLE_MINUTES", 1, 24 * 60)),
    DAYBOOK_TRUSTED_PROXIES: optional(integer("DAYBOOK_TRUSTED_PROXIES", 0, 10)),
    DAYBOOK_SESSION_MAX_HOURS: optional(integer("DAYBOOK_SESSION_MAX_HOURS", 1, 7 * 24)),
    DAYBOOK_SYNC: optional(z.enum(["on", "off"], "DAYBOOK_SYNC must be on or off")),
    DAYBOOK_SYNC_GRACE_MINUTES: optional(integer("DAYBOOK_SYNC_GRACE_MINUTES", 0, 12 * 60)),
    DAYBOOK_RETENTION_DAYS: optional(integer("DAYBOOK_RETENTION_DAYS", 1, 3650)),
    DAYBOOK_AUDIT_RETENTION_DAYS: optional(integer("DAYBOOK_AUDIT_RETENTION_DAYS", 30, 3650)),
    DAYBOOK_REVEALS_PER_HOUR: optional(integer("DAYBOOK_REVEALS_PER_HOUR", 1, 1000)),
    DAYBOOK_FULL_ID_EXPORT_MAX_ROWS: optional(integer("DAYBOOK_FULL_ID_EXPORT_MAX_ROWS", 1, 100_000)),
    DAYBOOK_PRIVACY_REQUEST_DAYS: optional(integer("DAYBOOK_PRIVACY_REQUEST_DAYS", 1, 365)),
    DAYBOOK_REVIEW_OVERDUE_HOURS: optional(integer("DAYBOOK_REVIEW_OVERDUE_HOURS", 1, 24 * 90)),
    DAYBOOK_DEMO_HISTORY_DAYS: optional(integer("DAYBOOK_DEMO_HISTORY_DAYS", 0, 120)),
    DAYBOOK_UNUSUAL_DAYS_PER_PAGE: optional(integer("DAYBOOK_UNUSUAL_DAYS_PER_PAGE", 1, 500)),
    DAYBOOK_TRENDS_PER_PROPERTY_MAX: optional(integer("DAYBOOK_TRENDS_PER_PROPERTY_MAX", 1, 50)),
    DAYBOOK_LIVE_REFRESH_MINUTES: optional(integer("DAYBOOK_LIVE_REFRESH_MINUTES", 1, 24 * 60)),
    DAYBOOK_UPSTREAM_CONCURRENCY: optional(integer("DAYBOOK_UPSTREAM_CONCURRENCY", 1, 32)),
    PARTNER_API_MAX_RESPONSE_MB: optional(integer("PARTNER_API_MAX_RESPONSE_MB", 1, 1024)),
    DAYBOOK_BREAKER_FAILURES: optional(integer("DAYBOOK_BREAKER_FAILURES", 1, 100)),
    DAYBOOK_BREAKER_COOLDOWN_SECONDS: optional(integer("DAYBOOK_BREAKER_COOLDOWN_SECONDS", 1, 3600)),
    DAYBOOK_HELD_CACHE_MB: optional(integer("DAYBOOK_HELD_CACHE_MB", 0, 4096)),
    DAYBOOK_SIGN_IN_CONCURRENCY: optional(integer("DAYBOOK_SIGN_IN_CONCURRENCY", 1, 4)),
    DAYBOOK_SIGN_IN_QUEUE: optional(integer("DAYBOOK_SIGN_IN_QUEUE", 0, 1000)),
    DAYBOOK_MAIL: optional(z.enum(["on", "off"], "DAYBOOK_MAIL must be on or off")),
    SMTP_URL: optional(smtpUrl),
    DAYBOOK_MAIL_FROM: optional(mailFrom),
    DAYBOOK_PUBLIC_URL: optional(webAddress("DAYBOOK_PUBLIC_URL")),
    DAYBOOK_ALERT_WEBHOOK_URL: optional(webAddress("DAYBOOK_ALERT_WEBHOOK_URL")),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: optional(serverActionsKey),
    DAYBOOK_DRAIN_SECONDS: optional(integer("DAYBOOK_DRAIN_SECONDS", 0, 600)),
    DAYBOOK_MIGRATION_WAIT_SECONDS: optional(integer("DAYBOOK_MIGRATION_WAIT_SECONDS", 1, 3600)),
    DAYBOOK_LOG_LEVEL: optional(z.enum(LOG_LEVELS, `DAYBOOK_LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`)),
    DAYBOOK_LOG_FORMAT: optional(z.enum(["json", "pretty"], "DAYBOOK_LOG_FORMAT must be json or pretty")),
    DAYBOOK_METRICS_TOKEN: optional(randomSecret("DAYBOOK_METRICS_TOKEN")),
    DAYBOOK_OIDC_ISSUER: optional(checked("DAYBOOK_OIDC_ISSUER", issuerProblem)),
    DAYBOOK_OIDC_CLIENT_ID: optional(z.string().max(500, "DAYBOOK_OIDC_CLIENT_ID must be at most 500 characters")),
    DAYBOOK_OIDC_CLIENT_SECRET: optional(
      z.string().max(2000, "DAYBOOK_OIDC_CLIENT_SECRET must be at most 2000 characters"),
    ),
    DAYBOOK_OIDC_SCOPES: optional(checked("DAYBOOK_OIDC_SCOPES", scopesProblem)),
    DAYBOOK_OIDC_LABEL: optional(z.string().max(80, "DAYBOOK_OIDC_LABEL must be at most 80 characters")),
    DAYBOOK_OIDC_TIMEOUT_MS: optional(integer("DAYBOOK_OIDC_TIMEOUT_MS", 500, 120_000)),
    NODE_ENV: optional(z.string()),
    PORT: optional(integer("PORT", 1, 65_535)),
    DAYBOOK_SIMULATOR_PORT: optional(integer("DAYBOOK_SIMULATOR_PORT", 1, 65_535)),
  })
  .superRefine((env, ctx) => {
    const live = env.PARTNER_API_BASE_URL !== undefined;
    if (live && env.PARTNER_API_KEY === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["PARTNER_API_KEY"],
        message: "PARTNER_API_KEY is required when PARTNER_API_BASE_URL is set",
      });
    }
    if (live && env.AUTH_SECRET === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "AUTH_SECRET is required outside demo mode (at least 32 random characters)",
      });
    }
    if (live && env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXT_SERVER_ACTIONS_ENCRYPTION_KEY"],
        message:
          "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is required outside demo mode, the same when building and on every instance " +
          "(base64 of 32 random bytes: `openssl rand -base64 32`), so that forms work whichever instance answers",
      });
    }
    if (env.DAYBOOK_ENCRYPTION_KEY !== undefined && env.DAYBOOK_ENCRYPTION_KEY === env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["DAYBOOK_ENCRYPTION_KEY"],
        message: "DAYBOOK_ENCRYPTION_KEY must differ from AUTH_SECRET: each has a job of its own",
      });
    }
    if (live && env.SMTP_URL !== undefined && env.DAYBOOK_PUBLIC_URL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["DAYBOOK_PUBLIC_URL"],
        message: "DAYBOOK_PUBLIC_URL is required when SMTP_URL is set: the links in every e-mail point there",
      });
    }
    for (const variable of ["DAYBOOK_OIDC_CLIENT_ID", "DAYBOOK_OIDC_CLIENT_SECRET"] as const) {
      if (env.DAYBOOK_OIDC_ISSUER !== undefined && env[variable] === undefined) {
        ctx.addIssue({
          code: "custom",
          path: [variable],
          message: `${variable} is required when DAYBOOK_OIDC_ISSUER is set`,
        });
      }
      if (env.DAYBOOK_OIDC_ISSUER === undefined && env[variable] !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["DAYBOOK_OIDC_ISSUER"],
          message: `DAYBOOK_OIDC_ISSUER is required when ${variable} is set`,
        });
      }
    }
    if (live && env.DAYBOOK_OIDC_ISSUER !== undefined && env.DAYBOOK_PUBLIC_URL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["DAYBOOK_PUBLIC_URL"],
        message:
          "DAYBOOK_PUBLIC_URL is required when DAYBOOK_OIDC_ISSUER is set: the identity provider sends people back there",
      });
    }
    if ((env.DAYBOOK_ADMIN_EMAIL === undefined) !== (env.DAYBOOK_ADMIN_PASSWORD === undefined)) {
      const [missing, given] =
        env.DAYBOOK_ADMIN_EMAIL === undefined
          ? ["DAYBOOK_ADMIN_EMAIL", "DAYBOOK_ADMIN_PASSWORD"]
          : ["DAYBOOK_ADMIN_PASSWORD", "DAYBOOK_ADMIN_EMAIL"];
      ctx.addIssue({ code: "custom", path: [missing], message: `${missing} is required when ${given} is set` });
    }
  })
  .transform((env) => {
    const simulatorPort = env.DAYBOOK_SIMULATOR_PORT ?? 4010;
    const demo = env.PARTNER_API_BASE_URL === undefined;
    return {
      mode: demo ? ("demo" as const) : ("live" as const),
      partnerApi: {
        baseUrl: demo ? `http://127.0.0.1:${simulatorPort}` : env.PARTNER_API_BASE_URL!.toString(),
        apiKey: env.PARTNER_API_KEY ?? DEMO_API_KEY,
        timeoutMs: env.PARTNER_API_TIMEOUT_MS ?? RETRY_DEFAULTS.timeoutMs,
        retry: {
          maxRetries: env.PARTNER_API_MAX_RETRIES ?? RETRY_DEFAULTS.maxRetries,
          baseDelayMs: env.PARTNER_API_RETRY_BASE_DELAY_MS ?? RETRY_DEFAULTS.baseDelayMs,
          maxDelayMs: RETRY_DEFAULTS.maxDelayMs,
          maxElapsedMs: env.PARTNER_API_RETRY_MAX_ELAPSED_MS ?? RETRY_DEFAULTS.maxElapsedMs,
        },
        maxResponseBytes: (env.PARTNER_API_MAX_RESPONSE_MB ?? UPSTREAM_DEFAULTS.maxResponseMegabytes) * 1024 * 1024,
      },
      upstream: {
        liveRefreshMs: (env.DAYBOOK_LIVE_REFRESH_MINUTES ?? UPSTREAM_DEFAULTS.liveRefreshMinutes) * 60_000,
        concurrency: env.DAYBOOK_UPSTREAM_CONCURRENCY ?? UPSTREAM_DEFAULTS.concurrency,
        breakerFailures: env.DAYBOOK_BREAKER_FAILURES ?? UPSTREAM_DEFAULTS.breakerFailures,
        breakerCooldownMs: (env.DAYBOOK_BREAKER_COOLDOWN_SECONDS ?? UPSTREAM_DEFAULTS.breakerCooldownSeconds) * 1000,
        heldCacheBytes: (env.DAYBOOK_HELD_CACHE_MB ?? UPSTREAM_DEFAULTS.heldCacheMegabytes) * 1024 * 1024,
      },
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DAYBOOK_DATA_DIR ?? "./.data",
      authSecret: env.AUTH_SECRET,
      /** Encrypts stored secrets (lib/server/encryption); unset: a key derived from AUTH_SECRET. */
      encryption: { key: env.DAYBOOK_ENCRYPTION_KEY, previousKey: env.DAYBOOK_PREVIOUS_ENCRYPTION_KEY },
      firstAdmin:
        env.DAYBOOK_ADMIN_EMAIL && env.DAYBOOK_ADMIN_PASSWORD
          ? { email: env.DAYBOOK_ADMIN_EMAIL, password: env.DAYBOOK_ADMIN_PASSWORD }
          : undefined,
      /**
       * How many reverse proxies in front of Daybook append to X-Forwarded-For: the client's address
       * is the entry that many hops back from the connection's own. 0: the connection's address.
       */
      trustedProxies: env.DAYBOOK_TRUSTED_PROXIES ?? 0,
      session: {
        idleMs: (env.DAYBOOK_SESSION_IDLE_MINUTES ?? SESSION_DEFAULTS.idleMinutes) * 60_000,
        absoluteMs: (env.DAYBOOK_SESSION_MAX_HOURS ?? SESSION_DEFAULTS.maxHours) * 3_600_000,
      },
      signIn: {
        concurrency: env.DAYBOOK_SIGN_IN_CONCURRENCY ?? SIGN_IN_DEFAULTS.concurrency,
        queue: env.DAYBOOK_SIGN_IN_QUEUE ?? SIGN_IN_DEFAULTS.queue,
      },
      history: {
        /** The in-process scheduler; `npm run sync` works either way (for cron-style operation). */
        scheduler: (env.DAYBOOK_SYNC ?? "on") === "on",
        graceMinutes: env.DAYBOOK_SYNC_GRACE_MINUTES ?? HISTORY_DEFAULTS.graceMinutes,
        retentionDays: env.DAYBOOK_RETENTION_DAYS ?? HISTORY_DEFAULTS.retentionDays,
        overdueHours: env.DAYBOOK_REVIEW_OVERDUE_HOURS ?? HISTORY_DEFAULTS.overdueHours,
        demoHistoryDays: demo ? (env.DAYBOOK_DEMO_HISTORY_DAYS ?? HISTORY_DEFAULTS.demoHistoryDays) : 0,
        unusualDaysPerPage: env.DAYBOOK_UNUSUAL_DAYS_PER_PAGE ?? HISTORY_DEFAULTS.unusualDaysPerPage,
        trendsPerPropertyMax: env.DAYBOOK_TRENDS_PER_PROPERTY_MAX ?? HISTORY_DEFAULTS.trendsPerPropertyMax,
      },
      privacy: {
        auditRetentionDays: env.DAYBOOK_AUDIT_RETENTION_DAYS ?? PRIVACY_DEFAULTS.auditRetentionDays,
        revealsPerHour: env.DAYBOOK_REVEALS_PER_HOUR ?? PRIVACY_DEFAULTS.revealsPerHour,
        fullIdExportMaxRows: env.DAYBOOK_FULL_ID_EXPORT_MAX_ROWS ?? PRIVACY_DEFAULTS.fullIdExportMaxRows,
        requestDueDays: env.DAYBOOK_PRIVACY_REQUEST_DAYS ?? PRIVACY_DEFAULTS.requestDueDays,
      },
      mail: mailSettings(env, demo),
      operations: {
        drainMs: (env.DAYBOOK_DRAIN_SECONDS ?? OPERATIONS_DEFAULTS.drainSeconds) * 1000,
        migrationWaitMs: (env.DAYBOOK_MIGRATION_WAIT_SECONDS ?? OPERATIONS_DEFAULTS.migrationWaitSeconds) * 1000,
        /** Build and instance must share it; start-up compares it with the build's (lib/features/admin/setup). */
        serverActionsKey: env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY,
      },
      log: {
        level: env.DAYBOOK_LOG_LEVEL ?? ("info" as LogLevel),
        /** JSON lines for a log collector; readable lines in the demo and in development. */
        format: env.DAYBOOK_LOG_FORMAT ?? (demo || env.NODE_ENV !== "production" ? "pretty" : "json"),
        /**
         * Each request's access line: at debug in the demo, whose terminal is for background work and
         * warnings (DAYBOOK_LOG_LEVEL=debug shows them); at info where Daybook runs for real.
         */
        access: (demo ? "debug" : "info") as "debug" | "info",
      },
      sso: {
        /** The provider the environment names; null: an admin sets one up on Admin → Sign-in. */
        connection:
          env.DAYBOOK_OIDC_ISSUER && env.DAYBOOK_OIDC_CLIENT_ID && env.DAYBOOK_OIDC_CLIENT_SECRET
            ? {
                issuer: env.DAYBOOK_OIDC_ISSUER,
                clientId: env.DAYBOOK_OIDC_CLIENT_ID,
                clientSecret: env.DAYBOOK_OIDC_CLIENT_SECRET,
                scopes: normalScopes(env.DAYBOOK_OIDC_SCOPES ?? SSO_DEFAULTS.scopes),
                label: env.DAYBOOK_OIDC_LABEL ?? SSO_DEFAULTS.label,
              }
            : null,
        timeoutMs: env.DAYBOOK_OIDC_TIMEOUT_MS ?? SSO_DEFAULTS.timeoutMs,
      },
      /** `GET /api/metrics` answers only with this bearer token, and is not there at all without one. */
      metrics: { token: env.DAYBOOK_METRICS_TOKEN ?? null },
      port: env.PORT ?? 3000,
      simulatorPort,
    };
  });

export type Config = z.output<typeof configSchema>;

/**
 * Where mail goes. Live: the configured server, or no mail at all. The demo catches every message
 * in a mail server of its own (shown on Admin → Mail) unless SMTP_URL names a real one, and sends a
 * digest as soon as the day is stored rather than at the morning hour, so a newcomer sees it at once.
 */
function mailSettings(
  env: {
    SMTP_URL?: URL;
    DAYBOOK_MAIL_FROM?: string;
    DAYBOOK_PUBLIC_URL?: URL;
    DAYBOOK_ALERT_WEBHOOK_URL?: URL;
    DAYBOOK_MAIL?: "on" | "off";
    PORT?: number;
  },
  demo: boolean,
) {
  const publicUrl = (env.DAYBOOK_PUBLIC_URL?.toString() ?? `http://localhost:${env.PORT ?? 3000}/`).replace(/\/+$/, "");
  const transport: MailTransportConfig | null = env.SMTP_URL
    ? { kind: "smtp", url: env.SMTP_URL.toString() }
    : demo
      ? { kind: "catcher" }
      : null;
  return {
    transport,
    from: env.DAYBOOK_MAIL_FROM ?? `Daybook <daybook@${new URL(publicUrl).hostname}>`,
    publicUrl,
    webhookUrl: env.DAYBOOK_ALERT_WEBHOOK_URL?.toString() ?? null,
    waitForHour: !demo,
    /** This process plans and sends the mail every minute; `npm run digest -- --send` works either way. */
    scheduler: (env.DAYBOOK_MAIL ?? "on") === "on",
    ...MAIL_DEFAULTS,
  };
}

/** The mail server: one named by SMTP_URL, or (demo only) the catcher Daybook runs itself. */
export type MailTransportConfig = { kind: "smtp"; url: string } | { kind: "catcher" };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Daybook cannot start: invalid configuration\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses a raw environment. Pure, so tests can try any environment without changing the real one. */
export function parseConfig(raw: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? "configuration");
        // Our messages start with the variable's name; zod's own (type errors) do not.
        return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
      }),
    );
  }
  return result.data;
}
