import type { ErrorBody, Failure } from "@/lib/core/errors";
import type {
  KeptCriminalArrival as CriminalArrival,
  KeptCriminalArrivalsReport as CriminalArrivalsReport,
} from "@/lib/features/history/kept";
import type { PurgeNotes, WithCopy } from "@/lib/features/history/types";

/**
 * Report shapes for client code, which must not import the server-only Partner API module itself.
 * Arrivals are as Daybook keeps them: a field the property's privacy policy does not keep is absent.
 */
export type { ArrivalSource, Gender, Metric, UsagePropertyRow } from "@/lib/server/partner-api/schemas";
export type {
  KeptCriminalArrival as CriminalArrival,
  KeptCriminalArrivalsReport as CriminalArrivalsReport,
  KeptGuestArrival as GuestArrival,
  KeptGuestsReport as GuestsReport,
} from "@/lib/features/history/kept";
export type { DayChoice } from "./day-choice";
export type { ScopedUsageReport } from "./scope";
export type { Failure, Loaded, UpstreamFailure } from "@/lib/core/errors";

/**
 * A report the browser asked for and did not get: thrown by `fetchReport` into the query cache,
 * carrying the failure exactly as the server answered it (or as the browser met it, offline).
 */
export class ReportError extends Error implements Failure {
  constructor(
    readonly status: number,
    readonly error: ErrorBody["error"],
  ) {
    super(error.message);
    this.name = "ReportError";
  }

  static fromBody(status: number, body: unknown): ReportError {
    const error = (body as Partial<ErrorBody> | null)?.error;
    if (!error || typeof error.code !== "string") {
      return new ReportError(status, {
        code: "unexpected_answer",
        message: "Daybook's server gave an answer it could not read.",
      });
    }
    return new ReportError(status, error);
  }
}

/**
 * An arrivals report as a screen gets it, with the names several of its properties share: an item
 * of such a name is shown with its zone, which tells them apart. A stored day also says which of
 * the person's properties its retention purged and how many arrivals were erased (PurgeNotes).
 */
export type Arrivals<R extends { items: unknown[] }, I = R["items"][number]> = WithCopy<Omit<R, "items">> & {
  items: I[];
  sharedNames: string[];
} & Partial<PurgeNotes>;

/** A criminal arrival with its property's zone, where Daybook could tell it (lib/features/reports/server.ts). */
export type ZonedCriminalArrival = CriminalArrival & {
  /** Set only where properties share the name: the zone that tells which of them (lib/features/review/list.ts). */
  propertyTimeZone?: string;
  /** The zone the arrival's times are shown in, wherever Daybook knows the property's zone. */
  localZone?: string;
};

/** The criminal arrivals report as a screen gets it. */
export type CriminalArrivals = Arrivals<CriminalArrivalsReport, ZonedCriminalArrival> & {
  /** The shown properties whose privacy policy keeps no criminal-arrival details, with that policy's name. */
  criminalNotKept?: { propertyName: string; policy: string }[];
};

/** A name several of the person's properties share, with the zones that tell them apart. */
export interface SharedName {
  name: string;
  zones: string[];
}
