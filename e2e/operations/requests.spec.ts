// What an operator's monitoring sees of one instance: probes that answer without a session and say
// one word, and one access line per request naming the route's pattern and the request's id (the
// X-Request-Id the browser got), never the URL with what a user typed in it.
import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { serverLogs } from "@/e2e/support/server-logs";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test("liveness and readiness answer without a session, with a word and nothing else", async ({ request }) => {
  const live = await request.get("/api/health/live", { maxRedirects: 0 });
  expect(live.status()).toBe(200);
  expect(await live.text()).toBe("ok\n");
  const ready = await request.get("/api/health/ready", { maxRedirects: 0 });
  expect(ready.status()).toBe(200);
  expect(await ready.text()).toBe("ready\n");
  for (const answer of [live, ready]) {
    expect(answer.headers()["set-cookie"]).toBeUndefined();
    expect(answer.headers()["cache-control"]).toBe("no-store");
  }
});

test("each request gets an id, returned to the browser and on its access line, which names the route, not the search", async ({
  page,
}) => {
  await signInAs(page, "viewer");
  const search = "Zebediah Quuxworth";
  const answer = await page.request.get(`/guests?q=${encodeURIComponent(search)}`);
  expect(answer.status()).toBe(200);
  const requestId = answer.headers()["x-request-id"] ?? "";
  expect(requestId).toMatch(UUID);
  await expect
    .poll(
      () =>
        serverLogs()
          .split("\n")
          // The demo writes access lines at debug (the end-to-end server shows that level).
          .find((line) => line.includes(requestId) && line.includes("DEBUG: GET /guests ")) ?? "",
    )
    .toContain("GET /guests 200");
  expect(serverLogs()).not.toContain("Zebediah");
  expect(serverLogs()).not.toContain("Quuxworth");
  // Another request, another id.
  const again = await page.request.get("/api/health/live");
  expect(again.headers()["x-request-id"]).toMatch(UUID);
  expect(again.headers()["x-request-id"]).not.toBe(requestId);
});

test("answering directly, Daybook compresses what the browser accepts compressed, streamed pages included", async ({
  page,
}) => {
  await signInAs(page, "admin");
  const gzip = { "Accept-Encoding": "gzip" };
  // A streamed page (its sections arrive as they are read), its script, and a JSON route.
  const overview = await page.request.get("/", { headers: gzip });
  expect(overview.status()).toBe(200);
  expect(overview.headers()["content-encoding"]).toBe("gzip");
  expect(await overview.text()).toContain("</html>");
  const script = (await overview.text()).match(/src="(\/_next\/static\/[^"]+\.js)"/)![1]!;
  expect((await page.request.get(script, { headers: gzip })).headers()["content-encoding"]).toBe("gzip");
  expect((await page.request.get("/api/reports/usage", { headers: gzip })).headers()["content-encoding"]).toBe("gzip");
  // A file to download goes as it is: a browser would save its bytes compressed under a .csv name.
  const file = await page.request.get("/api/export/review-queue", { headers: gzip });
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(file.headers()["content-encoding"]).toBeUndefined();
  // A client that accepts none gets none.
  const plain = await page.request.get("/", { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
});
