import { AUDIT_ACTIONS } from "./record";

/** An action in words; a code Daybook no longer knows is shown as stored. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** One detail's value in words, for the audit screen and its CSV alike. */
export function detailValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(detailValue).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}
