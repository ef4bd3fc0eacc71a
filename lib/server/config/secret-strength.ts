/** The shortest secret accepted: 32 random characters carry well over 128 bits. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Why a configured secret looks guessable, or undefined when it does not. Not a measure of real
 * randomness (nothing read from one value can be), but it turns away what people type by hand:
 * too short, too few different characters ("aaaa…", a word repeated), or mostly runs and
 * sequences ("0123456789…", "abcdef…"). `openssl rand -base64 32` always passes.
 */
export function secretWeakness(value: string): string | undefined {
  const chars = [...value];
  if (chars.length < MIN_SECRET_LENGTH) return `must be at least ${MIN_SECRET_LENGTH} characters long`;
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  // Shannon entropy of the characters as they occur, in bits per character.
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    bitsPerChar -= p * Math.log2(p);
  }
  if (counts.size < 10 || bitsPerChar < 3) return "has too few different characters to be random";
  let stepped = 0;
  for (let i = 1; i < chars.length; i++) {
    if (Math.abs(chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!) <= 1) stepped++;
  }
  if (stepped / (chars.length - 1) > 0.5) return "is mostly runs or sequences of characters";
  return undefined;
}
