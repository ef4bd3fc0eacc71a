import { useTranslations } from "next-intl";

import { ReviewQueueSkeleton } from "@/components/review/review-queue-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  const t = useTranslations("review");
  return (
    <>
      <PageHeader title={t("title")} />
      <ReviewQueueSkeleton />
    </>
  );
}
