/** What the guests screen's search looks through. */
export interface SearchableGuest {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  identificationNumber: string;
  roomNumber: string;
  email: string;
}

/**
 * The same search the guests screen does: every space-separated term must be in the names, the
 * room, the last 4 characters of the ID number or the e-mail. To know how many rows a query leaves.
 */
export function matchesSearch(guest: SearchableGuest, query: string): boolean {
  const text = [
    guest.firstName,
    guest.middleName,
    guest.lastName,
    guest.roomNumber,
    guest.identificationNumber.slice(-4),
    guest.email,
  ]
    .filter(Boolean)
    .join("\u0000")
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => text.includes(term));
}
