import { useTranslations } from "next-intl";

import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  const t = useTranslations("insights.bannedAfterStay");
  return (
    <>
      <PageHeader title={t("title")} />
      <Skeleton className="h-64" />
    </>
  );
}
