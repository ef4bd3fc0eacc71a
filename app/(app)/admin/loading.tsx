import { useTranslations } from "next-intl";

import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  const t = useTranslations("admin.overview");
  return <AdminSkeleton title={t("title")} label={t("loading")} cards={3} lines={3} />;
}
