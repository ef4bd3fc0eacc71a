"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function StatusError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="the connection status" />;
}
