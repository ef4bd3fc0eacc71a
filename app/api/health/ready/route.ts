import { readiness } from "@/lib/server/health/readiness";

// Readiness: 200 "ready", or 503 with one word saying why (starting, draining, database, migrations).
// No version, secret or data: the probe answers anyone, without a session.
export const dynamic = "force-dynamic";

export async function GET() {
  const answer = await readiness();
  return new Response(answer.ready ? "ready\n" : `${answer.reason}\n`, {
    status: answer.ready ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
