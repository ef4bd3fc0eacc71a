"use client";

import dynamic from "next/dynamic";

import type { ChartProps } from "./chart";

const Chart = dynamic(() => import("./chart"), {
  ssr: false,
  // The chart's box while recharts loads fills the fixed-height box below, so nothing moves when it arrives.
  loading: () => <div aria-hidden className="h-full w-full animate-pulse rounded bg-stone-100" />,
});

/** A chart loaded only in the browser, after the page: a fixed-height box holds its place. */
export function LazyChart(props: ChartProps) {
  return (
    <div className="w-full" style={{ height: props.height }}>
      <Chart {...props} />
    </div>
  );
}
