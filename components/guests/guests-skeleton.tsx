import { useTranslations } from "next-intl";

import { cardClass } from "@/components/ui/card";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/** Stands in for the controls and the table while yesterday's arrivals are on their way. */
export function GuestsSkeleton() {
  const t = useTranslations("guests.page");
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Skeleton className="h-10 w-full sm:w-72" />
        <Skeleton className="h-10 w-full sm:w-72" />
        <Skeleton className="h-10 w-full sm:w-28" />
      </div>
      <div className={`p-5 ${cardClass}`}>
        <SkeletonLines lines={10} label={t("loading")} />
      </div>
    </div>
  );
}
