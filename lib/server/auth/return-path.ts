const BASE = "http://daybook.invalid";

/**
 * Only a path on this site: a sign-in link must not be able to send anyone elsewhere afterwards.
 * Resolved the way a browser would (which drops tabs and newlines, and reads "\\" as "/"), then
 * kept only if it stays on this origin.
 */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (!candidate || !candidate.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  if (url.pathname.startsWith("/sign-in") || url.pathname.startsWith("/api/")) return "/";
  return url.pathname + url.search + url.hash;
}
