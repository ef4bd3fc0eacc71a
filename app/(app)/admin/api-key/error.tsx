"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function ApiKeyError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="the API key" />;
}
