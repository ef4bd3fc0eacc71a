"use client";

import { reportKeys, REPORT_PATHS } from "./keys";
import type { Loaded } from "./loaded";
import type { CriminalArrivalsReport, GuestsReport, ScopedUsageReport } from "./types";
import { useReport } from "./use-report";

/** One hook per report. */
export function useUsageReport(initial?: Loaded<ScopedUsageReport>) {
  return useReport(reportKeys.usage(), REPORT_PATHS.usage, {}, initial);
}

export function useGuestsReport(propertyName?: string, initial?: Loaded<GuestsReport>) {
  return useReport(reportKeys.guests(propertyName), REPORT_PATHS.guests, { propertyName }, initial);
}

export function useCriminalArrivalsReport(propertyName?: string, initial?: Loaded<CriminalArrivalsReport>) {
  return useReport(reportKeys.criminalArrivals(propertyName), REPORT_PATHS.criminalArrivals, { propertyName }, initial);
}
