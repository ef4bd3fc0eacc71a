"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function InvestigationsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="this investigation" />;
}
