import { describe, expect, it } from "vitest";

import { ConfigError, DEMO_API_KEY, HISTORY_DEFAULTS, parseConfig, PRIVACY_DEFAULTS, RETRY_DEFAULTS } from "./schema";

const LIVE = {
  PARTNER_API_BASE_URL: "https://partner.example.com/reporting",
  PARTNER_API_KEY: "0123456789abcdef0123456789ABCDEF",
  AUTH_SECRET: "q3Vt8-live-auth-secret-for-tests-Zk5Lw",
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "vV1ue9K3l9m7d8vX0QnV4rQ2mD5hJ6cP1sZ0a2b3c4E=",
};

function problemsOf(raw: Record<string, string | undefined>): string[] {
  try {
    parseConfig(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected the configuration to be rejected");
}

describe("mail configuration", () => {
  it("is off in live mode without SMTP_URL, and the demo's catcher otherwise, which sends without waiting for the hour", () => {
    expect(parseConfig(LIVE).mail).toMatchObject({ transport: null, waitForHour: true, webhookUrl: null });
    expect(parseConfig({}).mail).toMatchObject({
      transport: { kind: "catcher" },
      waitForHour: false,
      publicUrl: "http://localhost:3000",
      from: "Daybook <daybook@localhost>",
    });
  });

  it("reads the mail server, the sender and the public address links point to", () => {
    const mail = parseConfig({
      ...LIVE,
      SMTP_URL: "smtps://daybook:s3cret-pass@mail.example.com:465",
      DAYBOOK_MAIL_FROM: "Daybook <daybook@example.com>",
      DAYBOOK_PUBLIC_URL: "https://daybook.example.com/",
      DAYBOOK_ALERT_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/X",
    }).mail;
    expect(mail).toMatchObject({
      transport: { kind: "smtp", url: "smtps://daybook:s3cret-pass@mail.example.com:465" },
      from: "Daybook <daybook@example.com>",
      publicUrl: "https://daybook.example.com",
      webhookUrl: "https://hooks.slack.com/services/T/B/X",
    });
  });

  it("needs DAYBOOK_PUBLIC_URL with SMTP_URL in live mode, and refuses bad values without echoing them", () => {
    expect(problemsOf({ ...LIVE, SMTP_URL: "smtp://mail.example.com" })).toEqual([
      "DAYBOOK_PUBLIC_URL is required when SMTP_URL is set: the links in every e-mail point there",
    ]);
    const problems = problemsOf({
      ...LIVE,
      SMTP_URL: "imap://user:hunter2-secret@mail.example.com",
      DAYBOOK_MAIL_FROM: "not an address",
      DAYBOOK_PUBLIC_URL: "http://daybook.example.com",
    });
    expect(problems).toEqual([
      "SMTP_URL must start with smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start)",
      "DAYBOOK_MAIL_FROM must be an e-mail address, or a name with one: Daybook <daybook@example.com>",
      "DAYBOOK_PUBLIC_URL must use https (plain http only for a loopback address)",
    ]);
    expect(problems.join("\n")).not.toContain("hunter2");
  });
});

describe("configuration", () => {
  it("runs in demo mode on the simulator with the demo key when nothing is set", () => {
    const config = parseConfig({});
    expect(config.mode).toBe("demo");
    expect(config.partnerApi.baseUrl).toBe("http://127.0.0.1:4010");
    expect(config.partnerApi.apiKey).toBe(DEMO_API_KEY);
    expect(config.partnerApi.timeoutMs).toBe(RETRY_DEFAULTS.timeoutMs);
    expect(config.partnerApi.retry.maxRetries).toBe(RETRY_DEFAULTS.maxRetries);
    expect(config.dataDir).toBe("./.data");
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it("points demo mode at the simulator port it is given", () => {
    expect(parseConfig({ DAYBOOK_SIMULATOR_PORT: "4310" }).partnerApi.baseUrl).toBe("http://127.0.0.1:4310");
  });

  it("reads a live configuration, keeping the base URL's path prefix", () => {
    const config = parseConfig({ ...LIVE, PORT: "8080", PARTNER_API_MAX_RETRIES: "2" });
    expect(config.mode).toBe("live");
    expect(config.partnerApi.baseUrl).toBe("https://partner.example.com/reporting");
    expect(config.partnerApi.apiKey).toBe(LIVE.PARTNER_API_KEY);
    expect(config.partnerApi.retry.maxRetries).toBe(2);
    expect(config.port).toBe(8080);
  });

  it("running as a service: the actions key required in live mode, drain, migration wait, logs and metrics", () => {
    expect(problemsOf({ ...LIVE, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: undefined })).toEqual([
      expect.stringMatching(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is required outside demo mode/),
    ]);
    const wrong = "not base64 of an AES key";
    const problems = problemsOf({ ...LIVE, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: wrong, DAYBOOK_LOG_LEVEL: "loud" });
    expect(problems).toEqual([
      expect.stringMatching(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be base64 of 16, 24 or 32 bytes/),
      expect.stringMatching(/^DAYBOOK_LOG_LEVEL must be one of fatal, error, warn, info/),
    ]);
    expect(problems.join("\n")).not.toContain(wrong);
    expect(problemsOf({ DAYBOOK_METRICS_TOKEN: "short" })).toEqual([
      expect.stringMatching(/^DAYBOOK_METRICS_TOKEN .*at least 32 random characters/),
    ]);

    const live = parseConfig(LIVE);
    expect(live.operations).toEqual({
      drainMs: 20_000,
      migrationWaitMs: 120_000,
      serverActionsKey: LIVE.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY,
    });
    expect(live.metrics.token).toBeNull();
    // JSON lines where Daybook runs for real, readable ones in the demo and in development.
    expect(parseConfig({ ...LIVE, NODE_ENV: "production" }).log).toEqual({
      level: "info",
      format: "json",
      access: "info",
    });
    expect(parseConfig({ ...LIVE, NODE_ENV: "development" }).log.format).toBe("pretty");
    expect(parseConfig({ NODE_ENV: "production" }).log.format).toBe("pretty");
    const tuned = parseConfig({ DAYBOOK_DRAIN_SECONDS: "0", DAYBOOK_LOG_LEVEL: "debug", DAYBOOK_LOG_FORMAT: "json" });
    expect(tuned.operations.drainMs).toBe(0);
    // The demo writes each request's access line at debug, to keep its terminal for what matters.
    expect(tuned.log).toEqual({ level: "debug", format: "json", access: "debug" });
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ PARTNER_API_BASE_URL: "", PARTNER_API_KEY: "", PORT: "" }).mode).toBe("demo");
  });

  it("names the variable and the fault of a malformed key, without echoing it", () => {
    const secret = "not-a-key-but-maybe-a-password-123";
    const problems = problemsOf({ ...LIVE, PARTNER_API_KEY: secret });
    expect(problems).toEqual(["PARTNER_API_KEY must be 32 hexadecimal characters"]);
    expect(problems.join(" ")).not.toContain(secret);
  });

  it("never echoes any value it rejects", () => {
    const values = {
      PARTNER_API_BASE_URL: "ftp://secret-host.example/x?token=hunter2",
      AUTH_SECRET: "short-secret",
      DATABASE_URL: "mysql://user:pa55@db/x",
      DAYBOOK_ADMIN_EMAIL: "not-an-email",
      DAYBOOK_ADMIN_PASSWORD: "pw",
      PORT: "99999",
    };
    const text = problemsOf(values).join("\n");
    for (const value of Object.values(values)) expect(text).not.toContain(value);
    for (const name of Object.keys(values)) expect(text).toContain(name);
  });

  it("refuses a guessable AUTH_SECRET or DAYBOOK_ENCRYPTION_KEY, naming the variable and never the value", () => {
    const weak = { AUTH_SECRET: "s".repeat(40), DAYBOOK_ENCRYPTION_KEY: "0123456789".repeat(4) };
    const problems = problemsOf({ ...LIVE, ...weak });
    expect(problems).toEqual([
      "AUTH_SECRET has too few different characters to be random: use at least 32 random characters, such as the output of `openssl rand -base64 32`",
      "DAYBOOK_ENCRYPTION_KEY is mostly runs or sequences of characters: use at least 32 random characters, such as the output of `openssl rand -base64 32`",
    ]);
    for (const value of Object.values(weak)) expect(problems.join("\n")).not.toContain(value);
    expect(problemsOf({ ...LIVE, DAYBOOK_ENCRYPTION_KEY: "Tq9-short-key" })).toEqual([
      "DAYBOOK_ENCRYPTION_KEY must be at least 32 characters long: use at least 32 random characters, such as the output of `openssl rand -base64 32`",
    ]);
    // Demo mode too: a secret that is given is judged.
    expect(problemsOf({ AUTH_SECRET: "a".repeat(32) })[0]).toMatch(/^AUTH_SECRET has too few different characters/);
  });

  it("reads the encryption key and the previous one, which must differ from AUTH_SECRET", () => {
    const key = "Hd7-encryption-key-for-tests-3Kq8Zr1Mw";
    expect(
      parseConfig({ ...LIVE, DAYBOOK_ENCRYPTION_KEY: key, DAYBOOK_PREVIOUS_ENCRYPTION_KEY: "old" }).encryption,
    ).toEqual({
      key,
      previousKey: "old",
    });
    expect(parseConfig(LIVE).encryption).toEqual({ key: undefined, previousKey: undefined });
    expect(problemsOf({ ...LIVE, DAYBOOK_ENCRYPTION_KEY: LIVE.AUTH_SECRET })).toEqual([
      "DAYBOOK_ENCRYPTION_KEY must differ from AUTH_SECRET: each has a job of its own",
    ]);
  });

  it("requires the key and a session secret outside demo mode", () => {
    const problems = problemsOf({ PARTNER_API_BASE_URL: LIVE.PARTNER_API_BASE_URL });
    expect(problems).toContain("PARTNER_API_KEY is required when PARTNER_API_BASE_URL is set");
    expect(problems.some((p) => p.startsWith("AUTH_SECRET is required"))).toBe(true);
  });

  it("refuses plain http except on loopback, so the key never crosses a network unencrypted", () => {
    expect(problemsOf({ ...LIVE, PARTNER_API_BASE_URL: "http://partner.example.com" })[0]).toMatch(
      /^PARTNER_API_BASE_URL must use https/,
    );
    expect(parseConfig({ ...LIVE, PARTNER_API_BASE_URL: "http://127.0.0.1:9000/api" }).mode).toBe("live");
  });

  it("refuses a base URL that is not absolute or carries a query", () => {
    expect(problemsOf({ ...LIVE, PARTNER_API_BASE_URL: "partner.example.com" })[0]).toMatch(/absolute URL/);
    expect(problemsOf({ ...LIVE, PARTNER_API_BASE_URL: "https://partner.example.com/?a=1" })[0]).toMatch(
      /query string/,
    );
  });

  it("wants the first admin's e-mail and password together", () => {
    expect(problemsOf({ DAYBOOK_ADMIN_EMAIL: "ops@example.com" })).toEqual([
      "DAYBOOK_ADMIN_PASSWORD is required when DAYBOOK_ADMIN_EMAIL is set",
    ]);
    expect(
      parseConfig({ DAYBOOK_ADMIN_EMAIL: "ops@example.com", DAYBOOK_ADMIN_PASSWORD: "a long enough pass" }).firstAdmin,
    ).toEqual({ email: "ops@example.com", password: "a long enough pass" });
  });

  it("accepts only PostgreSQL connection URLs", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://u:p@127.0.0.1:5432/daybook" }).databaseUrl).toBe(
      "postgres://u:p@127.0.0.1:5432/daybook",
    );
    expect(problemsOf({ DATABASE_URL: "sqlite:///tmp/x" })).toEqual([
      "DATABASE_URL must be a postgres:// or postgresql:// connection URL",
    ]);
  });

  it("checks the retry and timeout tunables", () => {
    expect(problemsOf({ PARTNER_API_TIMEOUT_MS: "fast" })).toEqual(["PARTNER_API_TIMEOUT_MS must be a whole number"]);
    expect(problemsOf({ PARTNER_API_MAX_RETRIES: "50" })).toEqual(["PARTNER_API_MAX_RETRIES must be between 0 and 20"]);
  });

  it("checks 2 sign-ins at once with 8 waiting by default, and bounds both settings", () => {
    expect(parseConfig({}).signIn).toEqual({ concurrency: 2, queue: 8 });
    expect(parseConfig({ DAYBOOK_SIGN_IN_CONCURRENCY: "1", DAYBOOK_SIGN_IN_QUEUE: "0" }).signIn).toEqual({
      concurrency: 1,
      queue: 0,
    });
    expect(problemsOf({ DAYBOOK_SIGN_IN_CONCURRENCY: "8" })).toEqual([
      "DAYBOOK_SIGN_IN_CONCURRENCY must be between 1 and 4",
    ]);
    expect(problemsOf({ DAYBOOK_SIGN_IN_QUEUE: "-1" })).toEqual(["DAYBOOK_SIGN_IN_QUEUE must be a whole number"]);
  });

  it("pulls every day with a 90-day retention by default, and fills demo history only in demo mode", () => {
    expect(parseConfig({}).history).toEqual({ scheduler: true, ...HISTORY_DEFAULTS });
    expect(parseConfig(LIVE).history.demoHistoryDays).toBe(0);
    expect(
      parseConfig({
        ...LIVE,
        DAYBOOK_SYNC: "off",
        DAYBOOK_SYNC_GRACE_MINUTES: "0",
        DAYBOOK_RETENTION_DAYS: "30",
        DAYBOOK_REVIEW_OVERDUE_HOURS: "48",
        DAYBOOK_UNUSUAL_DAYS_PER_PAGE: "50",
        DAYBOOK_TRENDS_PER_PROPERTY_MAX: "3",
      }).history,
    ).toEqual({
      scheduler: false,
      graceMinutes: 0,
      retentionDays: 30,
      overdueHours: 48,
      demoHistoryDays: 0,
      unusualDaysPerPage: 50,
      trendsPerPropertyMax: 3,
    });
  });

  it("checks the history settings", () => {
    expect(problemsOf({ DAYBOOK_SYNC: "yes" })).toEqual(["DAYBOOK_SYNC must be on or off"]);
    expect(problemsOf({ DAYBOOK_RETENTION_DAYS: "0" })).toEqual(["DAYBOOK_RETENTION_DAYS must be between 1 and 3650"]);
    expect(problemsOf({ DAYBOOK_REVIEW_OVERDUE_HOURS: "a day" })).toEqual([
      "DAYBOOK_REVIEW_OVERDUE_HOURS must be a whole number",
    ]);
    expect(problemsOf({ DAYBOOK_UNUSUAL_DAYS_PER_PAGE: "0" })).toEqual([
      "DAYBOOK_UNUSUAL_DAYS_PER_PAGE must be between 1 and 500",
    ]);
    expect(problemsOf({ DAYBOOK_TRENDS_PER_PROPERTY_MAX: "51" })).toEqual([
      "DAYBOOK_TRENDS_PER_PROPERTY_MAX must be between 1 and 50",
    ]);
  });

  it("keeps the audit log a year, limits reveals and full-number exports, and dues privacy requests in 30 days, by default or as set", () => {
    expect(parseConfig({}).privacy).toEqual(PRIVACY_DEFAULTS);
    expect(PRIVACY_DEFAULTS).toEqual({
      auditRetentionDays: 365,
      revealsPerHour: 30,
      fullIdExportMaxRows: 500,
      requestDueDays: 30,
    });
    expect(
      parseConfig({
        DAYBOOK_AUDIT_RETENTION_DAYS: "730",
        DAYBOOK_REVEALS_PER_HOUR: "5",
        DAYBOOK_FULL_ID_EXPORT_MAX_ROWS: "50",
        DAYBOOK_PRIVACY_REQUEST_DAYS: "45",
      }).privacy,
    ).toEqual({ auditRetentionDays: 730, revealsPerHour: 5, fullIdExportMaxRows: 50, requestDueDays: 45 });
    expect(
      problemsOf({
        DAYBOOK_AUDIT_RETENTION_DAYS: "7",
        DAYBOOK_REVEALS_PER_HOUR: "0",
        DAYBOOK_FULL_ID_EXPORT_MAX_ROWS: "lots",
        DAYBOOK_PRIVACY_REQUEST_DAYS: "0",
      }),
    ).toEqual([
      "DAYBOOK_AUDIT_RETENTION_DAYS must be between 30 and 3650",
      "DAYBOOK_REVEALS_PER_HOUR must be between 1 and 1000",
      "DAYBOOK_FULL_ID_EXPORT_MAX_ROWS must be a whole number",
      "DAYBOOK_PRIVACY_REQUEST_DAYS must be between 1 and 365",
    ]);
  });
});

describe("single sign-on configuration", () => {
  const SSO = {
    DAYBOOK_PUBLIC_URL: "https://daybook.example.com",
    DAYBOOK_OIDC_ISSUER: "https://login.example.com/realms/hotels",
    DAYBOOK_OIDC_CLIENT_ID: "daybook",
    DAYBOOK_OIDC_CLIENT_SECRET: "a-client-secret-from-the-provider",
  };

  it("is left to Admin → Sign-in without variables, and read from them with defaults otherwise", () => {
    expect(parseConfig(LIVE).sso).toEqual({ connection: null, timeoutMs: 10_000 });
    expect(parseConfig({ ...LIVE, ...SSO, DAYBOOK_OIDC_SCOPES: " openid  email groups " }).sso).toEqual({
      connection: {
        issuer: SSO.DAYBOOK_OIDC_ISSUER,
        clientId: "daybook",
        clientSecret: SSO.DAYBOOK_OIDC_CLIENT_SECRET,
        scopes: "openid email groups",
        label: "Sign in with single sign-on",
      },
      timeoutMs: 10_000,
    });
  });

  it("names each variable that is missing or wrong, never its value", () => {
    expect(problemsOf({ ...LIVE, DAYBOOK_OIDC_ISSUER: SSO.DAYBOOK_OIDC_ISSUER })).toEqual([
      "DAYBOOK_OIDC_CLIENT_ID is required when DAYBOOK_OIDC_ISSUER is set",
      "DAYBOOK_OIDC_CLIENT_SECRET is required when DAYBOOK_OIDC_ISSUER is set",
      "DAYBOOK_PUBLIC_URL is required when DAYBOOK_OIDC_ISSUER is set: the identity provider sends people back there",
    ]);
    expect(problemsOf({ ...LIVE, DAYBOOK_OIDC_CLIENT_SECRET: "s3cret-value" })).toEqual([
      "DAYBOOK_OIDC_ISSUER is required when DAYBOOK_OIDC_CLIENT_SECRET is set",
    ]);
    const wrong = problemsOf({
      ...LIVE,
      ...SSO,
      DAYBOOK_OIDC_ISSUER: "http://login.example.com/?tenant=secret-tenant",
      DAYBOOK_OIDC_SCOPES: "email profile",
      DAYBOOK_OIDC_TIMEOUT_MS: "5",
    });
    expect(wrong).toEqual([
      "DAYBOOK_OIDC_ISSUER must use https (plain http only for a loopback address)",
      "DAYBOOK_OIDC_SCOPES must include openid",
      "DAYBOOK_OIDC_TIMEOUT_MS must be between 500 and 120000",
    ]);
    expect(wrong.join(" ")).not.toContain("secret-tenant");
  });
});
