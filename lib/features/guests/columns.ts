/**
 * Columns of the guests table. The name, the screening outcomes and the staff flag always show, first
 * (the staff flag in a column of its own, apart from the screening outcomes); the rest are the person's choice.
 * Each column's heading is in the `guests` catalogue, under `columns.<id>`.
 */
export const GUEST_COLUMNS = [
  { id: "name", width: 200, optional: false },
  { id: "screening", width: 250, optional: false },
  { id: "staff", width: 130, optional: false },
  { id: "property", width: 190, optional: true },
  { id: "room", width: 90, optional: true },
  { id: "checkIn", width: 260, optional: true },
  { id: "checkInDate", width: 140, optional: true },
  { id: "dateOfBirth", width: 130, optional: true },
  { id: "gender", width: 180, optional: true },
  { id: "identification", width: 230, optional: true },
  { id: "documentExpiry", width: 140, optional: true },
  { id: "address", width: 240, optional: true },
  { id: "email", width: 240, optional: true },
  { id: "phone", width: 160, optional: true },
  { id: "source", width: 200, optional: true },
] as const;

export type GuestColumn = (typeof GUEST_COLUMNS)[number];
export type GuestColumnId = GuestColumn["id"];
export type OptionalColumnId = Extract<GuestColumn, { optional: true }>["id"];

export const OPTIONAL_COLUMN_IDS = GUEST_COLUMNS.filter((column) => column.optional).map(
  (column) => column.id,
) as OptionalColumnId[];

/** Every field shows until the person chooses otherwise. */
export const DEFAULT_VISIBLE_COLUMNS: readonly OptionalColumnId[] = OPTIONAL_COLUMN_IDS;

/** The userPreferences key the choice is stored under. */
export const GUEST_COLUMNS_PREFERENCE = "guests.columns";

export function isOptionalColumnId(id: unknown): id is OptionalColumnId {
  return typeof id === "string" && (OPTIONAL_COLUMN_IDS as string[]).includes(id);
}

/** Known ids only, once each, in the table's own order. */
export function normaliseVisible(ids: readonly OptionalColumnId[]): OptionalColumnId[] {
  const chosen = new Set(ids);
  return OPTIONAL_COLUMN_IDS.filter((id) => chosen.has(id));
}

/**
 * A stored choice, read defensively: whatever is stored (an older shape, junk) becomes a valid
 * list; unknown ids are dropped, and anything unreadable falls back to the default.
 */
export function parseStoredColumns(value: unknown): OptionalColumnId[] {
  const visible = (value as { visible?: unknown } | null)?.visible;
  if (!Array.isArray(visible)) return [...DEFAULT_VISIBLE_COLUMNS];
  return normaliseVisible(visible.filter(isOptionalColumnId));
}

/** The columns to draw, in order, for a choice of optional ones. */
export function visibleColumns(visible: readonly OptionalColumnId[]): GuestColumn[] {
  const chosen = new Set<string>(visible);
  return GUEST_COLUMNS.filter((column) => !column.optional || chosen.has(column.id));
}

/** CSS grid tracks and the total width, so the header and every virtual row line up. */
export function columnLayout(columns: readonly GuestColumn[]): { template: string; width: number } {
  return {
    template: columns.map((column) => `${column.width}px`).join(" "),
    width: columns.reduce((total, column) => total + column.width, 0),
  };
}
