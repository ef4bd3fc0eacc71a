import { useTranslations } from "next-intl";

import { cardClass } from "@/components/ui/card";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/** Stands in for the Overview while the report loads, in roughly its final shape. */
export function OverviewSkeleton() {
  const t = useTranslations("overview");
  return (
    <div className="space-y-6">
      <SkeletonLines lines={3} label={t("loading")} />
      <div className="grid gap-6 lg:grid-cols-5">
        {[5, 3, 2].map((tiles, block) => (
          <div
            key={block}
            aria-hidden
            className={`p-4 sm:p-5 ${cardClass} ${block === 0 ? "lg:col-span-5" : block === 1 ? "lg:col-span-3" : "lg:col-span-2"}`}
          >
            <Skeleton className="mb-4 h-5 w-48" />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {Array.from({ length: tiles }, (_, tile) => (
                <Skeleton key={tile} className="h-36" />
              ))}
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}
