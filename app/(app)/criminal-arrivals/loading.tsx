import { useTranslations } from "next-intl";

import { CriminalArrivalsSkeleton } from "@/components/criminal-arrivals/criminal-arrivals-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  const t = useTranslations("criminalArrivals.page");
  return (
    <>
      <PageHeader title={t("title")} />
      <CriminalArrivalsSkeleton />
    </>
  );
}
