"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type RefObject } from "react";

import type { ChartProps } from "./chart";

const Chart = dynamic(() => import("./chart"), {
  ssr: false,
  // The chart's box while recharts loads fills the fixed-height box below, so nothing moves when it arrives.
  loading: () => <div aria-hidden className="h-full w-full animate-pulse rounded bg-stone-100" />,
});

/** How far ahead of the visible part of the page a chart starts loading, so it is drawn by the time it shows. */
const LOAD_AHEAD = "400px";

/** True once the element has come within LOAD_AHEAD of the viewport; it stays true. */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LOAD_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * A chart loaded only in the browser, and only when its box comes near the viewport: recharts is
 * not part of a page's first load, nor fetched for a chart nobody scrolls to. The fixed-height box
 * holds its place throughout, so nothing moves when the chart arrives.
 */
export function LazyChart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} className="w-full" style={{ height: props.height }}>
      {near ? <Chart {...props} /> : <div aria-hidden className="h-full w-full rounded bg-stone-50" />}
    </div>
  );
}
