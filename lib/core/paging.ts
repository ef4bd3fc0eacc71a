/** A list shown a page at a time, as the address asks for it (`?page=`). Pure and isomorphic. */

export interface Page<T> {
  rows: T[];
  /** Rows in the whole list. */
  total: number;
  /** 1-based; never beyond the last page. */
  page: number;
  pages: number;
  /** The place of the page's first row in the list, from 1 (0 when there is none). */
  first: number;
}

/**
 * One page of `rows`. `page` as typed in the address: anything but a whole number from 1 is the first
 * page, and one beyond the last is the last, so an old or edited link still shows something.
 */
export function pageOf<T>(rows: readonly T[], page: string | undefined, pageSize: number): Page<T> {
  const at = pageAt(rows.length, page, pageSize);
  return { ...at, rows: rows.slice(at.first === 0 ? 0 : at.first - 1, at.first - 1 + pageSize) };
}

/**
 * Where page `page` (as typed) of a list of `total` rows falls, worked out on the count alone, for a
 * list whose page is then read on its own.
 */
export function pageAt(total: number, page: string | undefined, pageSize: number): Omit<Page<never>, "rows"> {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const asked = page !== undefined && /^\d{1,6}$/.test(page) ? Number(page) : 1;
  const current = Math.min(Math.max(asked, 1), pages);
  return { total, page: current, pages, first: total === 0 ? 0 : (current - 1) * pageSize + 1 };
}
