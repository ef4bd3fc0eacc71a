import { useTranslations } from "next-intl";

import { PropertiesSkeleton } from "@/components/properties/section";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  const t = useTranslations("properties");
  return (
    <>
      <PageHeader title={t("title")} />
      <PropertiesSkeleton />
    </>
  );
}
