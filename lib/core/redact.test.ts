import { describe, expect, it } from "vitest";

import { redact } from "./redact";

const KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";
// As lib/server/auth/password.ts writes one: scheme, N, r, p, salt and key in base64.
const HASH = "scrypt$131072$8$1$3q2+7w8ZhM0nYw4X7Qm2Jg==$Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE=";
// Auth.js's session cookie is a JWE ("dir": the encrypted key part is empty); a JWT has three parts.
const JWE =
  "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwia2lkIjoiYWJjIn0..u3Fv2a1Y8dS3Z1xq.Xb9y_Kq2-LmN0pQrStUvWx.YzAbCd-EfGh";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

describe("redact", () => {
  it("takes out API keys, alone, in headers and inside longer hexadecimal runs", () => {
    expect(redact(`key ${KEY} in use`)).toBe("key [redacted api key] in use");
    expect(redact(`{"X-API-Key":"${KEY}"}`)).toBe('{"X-API-Key":"[redacted]"}');
    expect(redact(`X-API-Key: ${KEY.toUpperCase()}`)).toBe("X-API-Key: [redacted]");
    expect(redact(`id 00${KEY}ff`)).not.toContain(KEY);
  });

  it("takes out scrypt password hashes, alone and named", () => {
    expect(redact(`stored ${HASH} for him`)).toBe("stored [redacted password hash] for him");
    expect(redact(`{"passwordHash":"${HASH}"}`)).not.toContain("Zm9vYmFy");
    expect(redact(`password_hash=${HASH}`)).toBe("password_hash=[redacted password hash]");
  });

  it("takes out e-mail addresses unless the line exists to name accounts", () => {
    expect(redact("created ada.lovelace+x@example.co.uk today")).toBe("created [redacted e-mail] today");
    expect(redact("created admin@daybook.demo", { keep: ["e-mail"] })).toBe("created admin@daybook.demo");
    // Keeping e-mails keeps nothing else.
    expect(redact(`admin@daybook.demo ${KEY}`, { keep: ["e-mail"] })).toBe("admin@daybook.demo [redacted api key]");
  });

  it("takes out session tokens (JWE and JWT) and cookie values", () => {
    expect(redact(`token ${JWE} end`)).toBe("token [redacted session token] end");
    expect(redact(`Bearer ${JWT}`)).toBe("Bearer [redacted session token]");
    expect(redact("cookie: authjs.session-token=abc.def; other=1")).toBe("cookie: [redacted]");
    expect(redact("set __Secure-authjs.session-token=opaque-value; Path=/")).toBe(
      "set __Secure-authjs.session-token=[redacted header or cookie]; Path=/",
    );
    expect(redact('{"authorization":"Basic dXNlcjpwYXNz"}')).toBe('{"authorization":"[redacted]"}');
  });

  it("takes out identification numbers of every shape the API sends, and named ones", () => {
    for (const id of [
      "D1234567",
      "T1234-123456-12",
      "PA1234567",
      "TR1234567",
      "S1234567",
      "12345678",
      "MORGA123456J9AB",
      "L12X12345",
      "MH12 12345678901",
    ]) {
      expect(redact(`guest ${id}, room 12`), id).toBe("guest [redacted identification number], room 12");
    }
    expect(redact('{"identificationNumber":"X"}')).toBe('{"identificationNumber":"[redacted identification number]"}');
  });

  it("takes out dates of birth: named, and in the API's zoneless midnight form", () => {
    expect(redact('{"dateOfBirth":"1985-03-14T00:00:00","x":1}')).toBe(
      '{"dateOfBirth":"[redacted date of birth]","x":1}',
    );
    expect(redact("date_of_birth = 1985-03-14")).toBe("date_of_birth = [redacted date of birth]");
    expect(redact("born 1985-03-14T00:00:00 in")).toBe("born [redacted date of birth] in");
  });

  it("takes every bound parameter out of a database error, keeping the statement", () => {
    const drizzle = `Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: someone,${"x"}`;
    expect(redact(drizzle)).toBe(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: [redacted query parameters]',
    );
    expect(redact("detail: 'Key (email)=(bob) already exists.'")).toBe(
      "detail: 'Key (email)=([redacted query parameters])",
    );
  });

  it("leaves what an operator needs: codes, correlation ids, Daybook's own times, counts", () => {
    const lines = [
      "partner-api: guests failed with 502 internal_error (correlation 1f0c5b2e-12a4-4c1e-9a3b-0d2e4f6a8b1c)",
      "sync: scheduled pull ok (reported day 2026-11-22); next pull at 2026-11-23T00:30:00.000Z",
      "daybook: answering a request failed (DatabaseQueryError 23505)",
      "Daybook demo is running: http://localhost:3000 in 5.1 s, HTTP/1.1, E2E, SHA256",
      "took 1763781234567 ms",
    ];
    for (const line of lines) expect(redact(line)).toBe(line);
  });
});
