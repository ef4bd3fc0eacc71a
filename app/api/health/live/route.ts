// Liveness: the process answers. Nothing else is touched (no database, no session), so a database
// outage never makes a supervisor restart instances that would only wait for it again.
export const dynamic = "force-dynamic";

export function GET() {
  return new Response("ok\n", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
