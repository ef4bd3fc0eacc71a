"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function GuestsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="yesterday's arrivals" />;
}
