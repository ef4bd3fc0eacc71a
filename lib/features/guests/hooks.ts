"use client";

import {
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useRef, useState } from "react";

import type { Loaded } from "@/lib/core/errors";
import { requestReport } from "@/lib/features/reports/hooks";
import { ReportError, type Failure, type GuestArrival } from "@/lib/features/reports/types";

import { revealIdentification } from "./actions";
import { nextOffset, normaliseSearch, pageSizeAfter, sameQuery } from "./query";
import type { GuestRowsPage, GuestRowsQuery, GuestRowsRequest, GuestsFirstScreen } from "./types";

const ROWS_PATH = "/api/reports/guests/rows";

/**
 * One page of the guests screen's rows from Daybook's server. The request is a POST so that the
 * search text travels in the body, never in an address; a failure becomes a ReportError.
 */
export async function fetchGuestRows(request: GuestRowsRequest, signal?: AbortSignal): Promise<GuestRowsPage> {
  return requestReport<GuestRowsPage>(ROWS_PATH, {
    method: "POST",
    signal,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
}

/** Query keys of the guests screen's rows: one per report (property filter, day) and query. */
export const guestRowsKeys = {
  all: ["guests", "rows"] as const,
  of: (propertyName: string | undefined, day: string | undefined, query: GuestRowsQuery) =>
    [
      "guests",
      "rows",
      {
        propertyName: propertyName ?? null,
        day: day ?? null,
        q: normaliseSearch(query.q),
        screening: query.screening,
        sort: query.sort.key,
        direction: query.sort.direction,
      },
    ] as const,
};

type RowsData = InfiniteData<GuestRowsPage, number>;

/**
 * The guests screen's rows, page by page as the person scrolls, searched, filtered and sorted on
 * the server. The query the page was rendered with starts from the server's first page; another
 * query keeps the rows of the last one on screen until its first page arrives, and a request a
 * newer query supersedes is aborted. A first load that failed is shown as is until Refresh.
 */
export function useGuestRows(
  propertyName: string | undefined,
  day: string | undefined,
  query: GuestRowsQuery,
  first: { query: GuestRowsQuery; loaded: Loaded<GuestsFirstScreen> },
) {
  const queryClient = useQueryClient();
  const q = normaliseSearch(query.q);
  const queryKey: QueryKey = guestRowsKeys.of(propertyName, day, query);
  const isFirst = sameQuery(first.query, query);
  const initial = isFirst && first.loaded.ok ? first.loaded : null;
  // A press of Refresh asks the server to read the live fields again, with the first page it fetches.
  const pressed = useRef(false);
  const rows = useInfiniteQuery<GuestRowsPage, ReportError, RowsData, QueryKey, number>({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const refresh = pageParam === 0 && pressed.current;
      if (refresh) pressed.current = false;
      return fetchGuestRows(
        {
          propertyName,
          day,
          q,
          screening: query.screening,
          sort: query.sort,
          offset: pageParam,
          limit: pageSizeAfter(pageParam),
          ...(refresh && { refresh }),
        },
        signal,
      );
    },
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    placeholderData: keepPreviousData,
    initialData: initial ? { pages: [initial.data.page], pageParams: [0] } : undefined,
    initialDataUpdatedAt: initial?.loadedAt,
    enabled: !(isFirst && !first.loaded.ok),
  });

  const asked = rows.fetchStatus !== "idle" || rows.dataUpdatedAt !== 0;
  const error: Failure | null =
    rows.error ?? (isFirst && !first.loaded.ok && !asked && !rows.isPlaceholderData ? first.loaded : null);

  /** Reads the report again: the first page of this query at once, the rest as the person scrolls; other queries when next shown. */
  const refresh = () => {
    queryClient.setQueryData<RowsData>(queryKey, (data) =>
      data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void queryClient.invalidateQueries({ queryKey: guestRowsKeys.all, refetchType: "none" });
    pressed.current = true;
    return rows.refetch();
  };

  return { ...rows, error, refresh };
}

export type RevealState =
  { status: "pending" } | { status: "shown"; number: string } | { status: "error"; message: string };

export interface Reveals {
  states: Readonly<Record<string, RevealState>>;
  reveal: (key: string, item: GuestArrival) => void;
  hide: (key: string) => void;
}

/** Full identification numbers revealed on this page, by row: held in memory only, never in the report cache. */
export function useReveals(day?: string): Reveals {
  const t = useTranslations("guests.actions");
  const [states, setStates] = useState<Record<string, RevealState>>({});
  const set = useCallback((key: string, state: RevealState | null) => {
    setStates((current) => {
      const next = { ...current };
      if (state) next[key] = state;
      else delete next[key];
      return next;
    });
  }, []);

  const reveal = useCallback(
    (key: string, item: GuestArrival) => {
      set(key, { status: "pending" });
      revealIdentification({
        propertyName: item.propertyName,
        checkInAtUtc: item.checkInAtUtc,
        firstName: item.firstName,
        lastName: item.lastName,
        day,
      })
        .then((result) => {
          if (result.ok && result.data) set(key, { status: "shown", number: result.data.identificationNumber });
          else set(key, { status: "error", message: result.ok ? t("nothingRevealed") : result.message });
        })
        .catch(() => set(key, { status: "error", message: t("unreachable") }));
    },
    [set, day, t],
  );
  const hide = useCallback((key: string) => set(key, null), [set]);
  return useMemo(() => ({ states, reveal, hide }), [states, reveal, hide]);
}
