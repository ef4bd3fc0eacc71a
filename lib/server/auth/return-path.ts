const BASE = "http://daybook.invalid";

/**
 * Only a path on this site: a sign-in link must not be able to send anyone elsewhere afterwards.
 * Resolved the way a browser would (which drops tabs and newlines, and reads "\\" as "/"), then
 * kept only if it stays on this origin.
 */
export function safeReturnPath(given: string | string[] | null | undefined): string {
  // A parameter given twice arrives as a list: the first one counts, as everywhere else.
  const candidate = Array.isArray(given) ? given[0] : given;
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
