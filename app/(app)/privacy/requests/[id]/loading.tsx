import { useTranslations } from "next-intl";

import { RequestSkeleton } from "@/components/privacy/request-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  const t = useTranslations("privacy.request");
  return (
    <>
      <PageHeader title={t("title")} />
      <RequestSkeleton label={t("loading")} />
    </>
  );
}
