import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/** Stands where a section of the comparison will be while its figures load. */
export function SectionSkeleton({ label, chart = false }: { label: string; chart?: boolean }) {
  return (
    <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-5">
      <Skeleton className="h-5 w-56" />
      <SkeletonLines lines={2} label={label} />
      {chart ? <Skeleton className="h-64" /> : null}
      <Skeleton className="h-40" />
    </div>
  );
}

/** The whole screen's shape while the page itself loads. */
export function PropertiesSkeleton() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-16" />
      <SectionSkeleton label="Loading the properties side by side…" />
      <SectionSkeleton label="Loading the trends…" chart />
      <SectionSkeleton label="Loading the desk acknowledgement times…" />
      <SectionSkeleton label="Loading the sign-off timeliness…" />
    </div>
  );
}
