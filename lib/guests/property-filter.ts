/** The ?property= value as the page uses it: trimmed, at most 200 characters, empty meaning no filter. */
export function propertyFromSearchParam(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  if (!trimmed) return undefined;
  return trimmed.slice(0, 200);
}
