"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function BannedAfterStayError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="the guests banned after their stay" />;
}
