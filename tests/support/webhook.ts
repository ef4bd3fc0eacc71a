/**
 * An incoming-webhook endpoint for tests, as Slack's or Microsoft Teams' would be: plain HTTP on a
 * loopback port, answering 200 "ok" to each POST and keeping what was posted. It can answer the
 * first POSTs with an error status instead, as a busy endpoint does.
 */
import { createServer } from "node:http";

export interface WebhookPost {
  /** The status it was answered with. */
  status: number;
  path: string;
  contentType: string | undefined;
  body: string;
}

export interface TestWebhook {
  url: string;
  posts: WebhookPost[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  options: { refuseFirst?: number; status?: number } = {},
): Promise<TestWebhook> {
  const posts: WebhookPost[] = [];
  let toRefuse = options.refuseFirst ?? 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST") {
        response.writeHead(405).end();
        return;
      }
      const status = toRefuse > 0 ? (options.status ?? 503) : 200;
      if (toRefuse > 0) toRefuse -= 1;
      posts.push({
        status,
        path: request.url ?? "",
        contentType: request.headers["content-type"],
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 200 ? "ok" : "busy");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the test webhook has no address");
  return {
    url: `http://127.0.0.1:${address.port}/hooks/daybook`,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
