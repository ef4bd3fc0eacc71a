import { UpstreamStatusSkeleton } from "@/components/status/upstream-status-card";

export default function Loading() {
  return <UpstreamStatusSkeleton />;
}
