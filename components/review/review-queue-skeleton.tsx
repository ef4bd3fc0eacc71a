import { useTranslations } from "next-intl";

import { cardClass } from "@/components/ui/card";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/** Stands where the queue will be while Daybook counts the waiting lists. */
export function ReviewQueueSkeleton() {
  const t = useTranslations("review");
  return (
    <div className="space-y-3">
      <SkeletonLines lines={1} label={t("loading")} />
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className={`space-y-2 p-4 ${cardClass}`}>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-12" />
        </div>
      ))}
    </div>
  );
}
