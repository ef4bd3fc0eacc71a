"use client";

import { useQuery, type QueryKey } from "@tanstack/react-query";
import { useCallback, useRef, useSyncExternalStore } from "react";

import type { WithCopy } from "@/lib/features/history/types";

import {
  ReportError,
  type CriminalArrivals,
  type Failure,
  type GuestsReport,
  type Loaded,
  type ScopedUsageReport,
} from "./types";

/**
 * One request to a route of Daybook's own from the browser: a failure becomes a ReportError with
 * the upstream details, no answer at all an "offline" one. A request aborted on purpose (a newer
 * one superseded it) is thrown as it is, for the query cache to drop.
 */
export async function requestReport<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      cache: "no-store",
      headers: { Accept: "application/json", ...(init.headers as Record<string, string> | undefined) },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ReportError(0, {
      code: "offline",
      message: "Daybook could not be reached. Check the connection and try again.",
    });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ReportError.fromBody(response.status, body);
  return body as T;
}

/** Reads one of Daybook's report routes from the browser (see `requestReport`). */
export async function fetchReport<T>(
  path: string,
  params: Record<string, string | undefined> = {},
  signal?: AbortSignal,
): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]));
  return requestReport<T>(query.size ? `${path}?${query}` : path, { signal });
}

/** One hook per report; `day` is a stored day, absent for yesterday live. */
export function useUsageReport(day?: string, initial?: Loaded<WithCopy<ScopedUsageReport>>) {
  return useReport(reportKeys.usage(day), REPORT_PATHS.usage, { day }, initial);
}

export function useGuestsReport(propertyName?: string, day?: string, initial?: Loaded<WithCopy<GuestsReport>>) {
  return useReport(reportKeys.guests(propertyName, day), REPORT_PATHS.guests, { propertyName, day }, initial);
}

export function useCriminalArrivalsReport(propertyName?: string, day?: string, initial?: Loaded<CriminalArrivals>) {
  return useReport(
    reportKeys.criminalArrivals(propertyName, day),
    REPORT_PATHS.criminalArrivals,
    { propertyName, day },
    initial,
  );
}

/** One query key per report and filter, in the browser's query cache. */
const reportKeys = {
  usage: (day?: string) => ["reports", "usage", { day: day ?? null }] as const,
  guests: (propertyName?: string, day?: string) =>
    ["reports", "guests", { propertyName: propertyName ?? null, day: day ?? null }] as const,
  criminalArrivals: (propertyName?: string, day?: string) =>
    ["reports", "criminal-arrivals", { propertyName: propertyName ?? null, day: day ?? null }] as const,
};

const REPORT_PATHS = {
  usage: "/api/reports/usage",
  guests: "/api/reports/guests",
  criminalArrivals: "/api/reports/criminal-arrivals",
} as const;

/**
 * A report in the browser: painted at once from what the server loaded, then kept in the query
 * cache. A failure from the server is shown as is (it is already a `Failure`), without asking again
 * until the person refreshes.
 */
function useReport<T>(
  queryKey: QueryKey,
  path: string,
  params: Record<string, string | undefined>,
  initial?: Loaded<T>,
) {
  // A press of Refresh asks the server to read the live fields again, not only to send the report.
  const pressed = useRef(false);
  const query = useQuery<T, ReportError>({
    queryKey,
    queryFn: ({ signal }) => {
      const refresh = pressed.current ? "1" : undefined;
      pressed.current = false;
      return fetchReport<T>(path, { ...params, refresh }, signal);
    },
    initialData: initial?.ok ? initial.data : undefined,
    initialDataUpdatedAt: initial?.loadedAt,
    enabled: initial ? initial.ok : true,
  });
  const { refetch: fetchAgain } = query;
  const refetch = useCallback(() => {
    pressed.current = true;
    return fetchAgain();
  }, [fetchAgain]);
  const asked = query.fetchStatus !== "idle" || query.dataUpdatedAt !== 0;
  const error: Failure | null = query.error ?? (initial && !initial.ok && !asked ? initial : null);
  return { ...query, refetch, error };
}

const noop = () => () => {};

/** False in the server's HTML and true once React runs in the browser: controls that need it wait for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
