/** Identification numbers leave the server masked to their last 4 characters, unless a person reveals one (audited). */
export function maskIdentification(value: string): string {
  const visible = value.slice(-4);
  return value.length <= 4 ? "•".repeat(value.length) : `${"•".repeat(Math.min(value.length - 4, 6))}${visible}`;
}
