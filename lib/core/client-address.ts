/**
 * The address a request came from, for sign-in throttling and the audit log. Daybook's server
 * (scripts/server.mjs) puts the connection's own address in PEER_HEADER on every request,
 * overwriting anything a client sent. With no proxy in front (DAYBOOK_TRUSTED_PROXIES=0, the
 * default) that is the client. Each trusted proxy appends the address it was reached from to
 * X-Forwarded-For, so with N of them the client is N entries back from the connection's own; an
 * entry further left was written by the client and is never read.
 */

/** Must match PEER_HEADER in scripts/server.mjs. */
export const PEER_HEADER = "x-daybook-peer";

/** An IPv4 address as IPv6 writes it ("::ffff:127.0.0.1"), as people read it. */
function plain(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
}

export function clientAddressOf(headers: Headers, trustedProxies: number): string | null {
  const peer = headers.get(PEER_HEADER)?.trim();
  // Not started through Daybook's server (say, `next start`): nothing says where the request came from.
  if (!peer) return null;
  if (trustedProxies === 0) return plain(peer);
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  // Fewer entries than trusted hops: a proxy did not append, and the leftmost one is the best known.
  return plain(chain[Math.max(0, chain.length - 1 - trustedProxies)]!);
}
