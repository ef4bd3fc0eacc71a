"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function SettingsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="your mail settings" />;
}
