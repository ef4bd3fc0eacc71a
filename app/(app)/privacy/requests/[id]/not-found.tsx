import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

export default function PrivacyRequestNotFound() {
  const t = useTranslations("privacy.request");
  return (
    <>
      <PageHeader title={t("notFoundTitle")} />
      <EmptyState title={t("notFoundLead")}>
        {t.rich("notFoundBody", {
          all: (chunks) => (
            <Link href="/privacy/requests" className={buttonClass("link")}>
              {chunks}
            </Link>
          ),
        })}
      </EmptyState>
    </>
  );
}
