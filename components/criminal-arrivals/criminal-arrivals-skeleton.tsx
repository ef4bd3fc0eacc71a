import { useTranslations } from "next-intl";

import { cardClass } from "@/components/ui/card";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/** Stands where the report will be while the API answers. */
export function CriminalArrivalsSkeleton() {
  const t = useTranslations("criminalArrivals.page");
  return (
    <div className="space-y-4">
      <div className={`p-4 ${cardClass}`}>
        <SkeletonLines lines={2} label={t("loading")} />
      </div>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className={`grid gap-4 p-4 lg:grid-cols-3 ${cardClass}`}>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ))}
    </div>
  );
}
