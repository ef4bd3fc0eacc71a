import { useTranslations } from "next-intl";

import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  const t = useTranslations("admin.account");
  return <AdminSkeleton title={t("title")} label={t("loading")} lines={8} />;
}
