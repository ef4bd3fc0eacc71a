import type { HeldCopy, PurgedProperty, StoredCopy } from "@/lib/features/history/types";
import type { GuestArrival, SharedName } from "@/lib/features/reports/types";

import type { ScreeningFilter } from "./screening";
import type { GuestSort } from "./sort";

/** What narrows and orders the day's arrivals on the guests screen; the server applies it. */
export interface GuestRowsQuery {
  /** The search text; never part of a page address (names are personal data). */
  q: string;
  screening: ScreeningFilter;
  sort: GuestSort;
}

/** What the browser asks the rows route for (in a POST body): the report, the query and the rows wanted. */
export interface GuestRowsRequest extends GuestRowsQuery {
  propertyName?: string;
  /** A stored day; absent for yesterday live. */
  day?: string;
  /** The first row wanted, counted in the query's order. */
  offset: number;
  limit: number;
  /** The person pressed Refresh: the live fields are read again (sent with the first page only). */
  refresh?: boolean;
}

/** One arrival of a page, with its position in the day's report (part of the row's key). */
export interface GuestPageRow {
  at: number;
  item: GuestArrival;
}

/** The report a page was cut from: what the screen says about where the rows come from. */
export interface GuestsReportInfo {
  reportedDateLocal: string;
  /** The property the API resolved the filter to, when there was one. */
  propertyName?: string;
  message: string | null;
  storedCopy: StoredCopy | null;
  /** Yesterday as Daybook holds it, when it was served from there (what "Currently banned" is as of). */
  held?: HeldCopy | null;
  /** When Daybook read the report for this page (ISO instant): "Currently banned" is as of then when nothing else says. */
  readAt: string;
  /** Names several of the properties share: their rows show the property's zone beside the name. */
  sharedNames: string[];
  /** A stored day: the person's properties whose part retention removed, and arrivals erased. */
  purgedProperties?: PurgedProperty[];
  erasedArrivals?: number;
}

/** How many arrivals of the whole day each choice of the "Show" control keeps (search aside). */
export type ScreeningCounts = Record<ScreeningFilter, number>;

/** A slice of the day's arrivals as the query orders them. */
export interface GuestRowsPage {
  offset: number;
  rows: GuestPageRow[];
  /** Arrivals the query keeps. */
  matched: number;
  /** Arrivals in the day's report (at the filtered property), whatever the query. */
  total: number;
  report: GuestsReportInfo;
  /** Only on the first page of a query. */
  counts?: ScreeningCounts;
}

/** The first paint of the guests screen: the first page of the query, and the properties the filter offers. */
export interface GuestsFirstScreen {
  query: GuestRowsQuery;
  page: GuestRowsPage;
  properties: string[];
  /** Names several of the properties share, with their zones, for the property filter. */
  shared: SharedName[];
}
