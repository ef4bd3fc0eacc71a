import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/**
 * The signed-in group's loading state. It also covers every screen below it that has no
 * loading.tsx of its own, so it names no screen; the Overview's own skeleton follows in its page.
 */
export default function Loading() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-8 w-48" />
      <SkeletonLines lines={3} label="Loading…" />
      <Skeleton className="h-64" />
    </div>
  );
}
