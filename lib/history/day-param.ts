/** The ?day= value as a page uses it: the first one, trimmed; empty means yesterday live. */
export function dayFromSearchParam(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed.slice(0, 20) : undefined;
}
