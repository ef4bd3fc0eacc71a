/** Only a path on this site: a sign-in link must not be able to send anyone elsewhere afterwards. */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (!candidate || !candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return "/";
  if (candidate.startsWith("/sign-in") || candidate.startsWith("/api/")) return "/";
  return candidate;
}
