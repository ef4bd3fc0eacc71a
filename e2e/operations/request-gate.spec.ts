// Server-action posts that are a client's mistake or an attack get a 4xx in Daybook's one failure
// shape, answered by scripts/server.mjs before Next, and leave no error line in the server's log.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { ownLoopbackAddress, send, type Answer } from "@/e2e/support/http";
import { E2E_PORT } from "@/e2e/support/ports";
import { serverLogs } from "@/e2e/support/server-logs";

/** A made-up action id of the shape Next's are (42 hexadecimal characters). */
const ACTION_ID = "7f".padEnd(42, "0");
const HOST = `localhost:${E2E_PORT}`;

/** A server action's post; its length is stated unless the headers ask for chunks. */
function actionPost(headers: Record<string, string>, body = "[]"): Promise<Answer> {
  const length: Record<string, string> = headers["transfer-encoding"]
    ? {}
    : { "content-length": String(Buffer.byteLength(body)) };
  return send(
    ownLoopbackAddress(),
    "POST",
    "/",
    { host: HOST, "next-action": ACTION_ID, "content-type": "text/plain;charset=UTF-8", ...length, ...headers },
    body,
  );
}

/** The server's log lines written since `from` (an offset into serverLogs()) at error level. */
function errorLinesSince(from: number): string[] {
  return serverLogs()
    .slice(from)
    .split("\n")
    .filter((line) => /"level":"error"|\bERROR\b/.test(line));
}

function expectFailure(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers["content-type"]).toContain("application/json");
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
}

test("a server action posted from another site is refused 403, with no error line", async () => {
  const from = serverLogs().length;
  expectFailure(await actionPost({ origin: "http://evil.test" }), 403, "cross_origin");
  // An opaque origin (a sandboxed frame, a no-referrer form) is another site too.
  expectFailure(await actionPost({ origin: "null" }), 403, "cross_origin");
  // The same through a proxy that names the host it was asked for.
  expectFailure(
    await actionPost({ origin: "http://evil.test", "x-forwarded-host": "daybook.example.com" }),
    403,
    "cross_origin",
  );
  // A form posted without script is an action as well.
  const form = "$ACTION_ID_" + ACTION_ID + "=";
  expectFailure(
    await send(
      ownLoopbackAddress(),
      "POST",
      "/sign-in",
      {
        host: HOST,
        origin: "http://evil.test",
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(form.length),
      },
      form,
    ),
    403,
    "cross_origin",
  );
  expect(errorLinesSince(from)).toEqual([]);
});

test("a server action's body over 1 MB is refused 413, and one of no stated length 411, with no error line", async () => {
  const from = serverLogs().length;
  const large = JSON.stringify(["x".repeat(1024 * 1024 + 1)]);
  expectFailure(await actionPost({ origin: `http://${HOST}` }, large), 413, "too_large");
  const chunked = await actionPost({ origin: `http://${HOST}`, "transfer-encoding": "chunked" }, "[]");
  expectFailure(chunked, 411, "length_required");
  expect(errorLinesSince(from)).toEqual([]);
});

/** The id of one of Daybook's own server actions, from the build's manifest. */
function saveThemeActionId(): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, action]) => action.exportedName === "saveTheme")?.[0];
  if (!id) throw new Error("saveTheme is not in the build's server actions");
  return id;
}

test("a signed-in person's malformed server-action body is refused 400, with no error line", async ({ page }) => {
  await signInAs(page, "admin", "/account");
  const from = serverLogs().length;
  const post = (contentType: string, data: string) =>
    page.request.post("/account", {
      headers: { origin: `http://${HOST}`, "next-action": saveThemeActionId(), "content-type": contentType },
      data,
      maxRedirects: 0,
    });
  for (const [type, body] of [
    ["text/plain;charset=UTF-8", "{{{ not the arguments"],
    ["text/plain;charset=UTF-8", '{"theme":"dark"}'],
    ["multipart/form-data; boundary=daybook", '--daybook\r\nContent-Disposition: form-data; name="1"\r\n\r\nx'],
    ["multipart/form-data", "--daybook--"],
  ] as const) {
    const answer = await post(type, body);
    expect(answer.status(), `${type}: ${body}`).toBe(400);
    expect(await answer.json()).toEqual({ error: { code: "bad_request", message: "The form could not be read" } });
  }
  expect(errorLinesSince(from)).toEqual([]);
});
