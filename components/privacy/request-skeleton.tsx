import { cardClass } from "@/components/ui/card";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/** The queue's or a request's shape while the server reads it. `label`: in the person's language. */
export function RequestSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-4">
      <div className={`${cardClass} p-5`}>
        <SkeletonLines lines={4} label={label} />
      </div>
      <div className={`${cardClass} space-y-2 p-5`}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    </div>
  );
}
