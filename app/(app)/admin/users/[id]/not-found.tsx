import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

export default function AccountNotFound() {
  const t = useTranslations("admin.account.notFound");
  return (
    <>
      <PageHeader title={t("title")} />
      <EmptyState title={t("heading")}>
        {t.rich("body", {
          link: (chunks) => (
            <Link href="/admin/users" className={buttonClass("link")}>
              {chunks}
            </Link>
          ),
        })}
      </EmptyState>
    </>
  );
}
