"use client";

import dynamic from "next/dynamic";

import type { ChartProps } from "./chart";

/** The chart's box while recharts loads: the same height, so nothing moves when it arrives. */
export function ChartPlaceholder({ height }: { height: number }) {
  return <div aria-hidden className="w-full animate-pulse rounded bg-stone-100" style={{ height }} />;
}

const Chart = dynamic(() => import("./chart"), {
  ssr: false,
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
