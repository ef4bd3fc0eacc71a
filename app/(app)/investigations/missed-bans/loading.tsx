import { useTranslations } from "next-intl";

import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  const t = useTranslations("investigations.screens");
  return (
    <>
      <PageHeader title={t("missedBans")} />
      <Skeleton className="h-64" />
    </>
  );
}
