"use client";

import { reportKeys, REPORT_PATHS } from "./keys";
import type { Loaded } from "./loaded";
import type { CriminalArrivalsReport, GuestsReport, ScopedUsageReport, WithCopy } from "./types";
import { useReport } from "./use-report";

/** One hook per report; `day` is a stored day, absent for yesterday live. */
export function useUsageReport(day?: string, initial?: Loaded<WithCopy<ScopedUsageReport>>) {
  return useReport(reportKeys.usage(day), REPORT_PATHS.usage, { day }, initial);
}

export function useGuestsReport(propertyName?: string, day?: string, initial?: Loaded<WithCopy<GuestsReport>>) {
  return useReport(reportKeys.guests(propertyName, day), REPORT_PATHS.guests, { propertyName, day }, initial);
}

export function useCriminalArrivalsReport(propertyName?: string, day?: string, initial?: Loaded<WithCopy<CriminalArrivalsReport>>) {
  return useReport(reportKeys.criminalArrivals(propertyName, day), REPORT_PATHS.criminalArrivals, { propertyName, day }, initial);
}
