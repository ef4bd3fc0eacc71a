"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function PropertiesError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="the properties comparison" />;
}
