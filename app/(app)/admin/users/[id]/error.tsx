"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function EditUserError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="this account" />;
}
