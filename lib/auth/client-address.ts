/**
 * The client's address for throttling and the audit log. Next's server appends the socket's
 * address to X-Forwarded-For, so the last entry is the one no client can forge; a trusted proxy in
 * front adds its own view before it.
 */
export function clientAddress(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
  return last ?? headers.get("x-real-ip") ?? null;
}
