import type { ListRef } from "@/lib/features/review/list";

/** A list's property and day, and its zone only where properties share the name, as the list keeps it. */
function listQuery(list: ListRef): URLSearchParams {
  const params = new URLSearchParams({ property: list.propertyName, day: list.day });
  if (list.zone) params.set("zone", list.zone);
  return params;
}

/** The record page of a list. */
export function recordHref(list: ListRef): string {
  return `/review/record?${listQuery(list)}`;
}

/** The PDF of the same record (app/api/export/sign-off-record). */
export function recordPdfHref(list: ListRef): string {
  return `/api/export/sign-off-record?${listQuery(list)}`;
}
