import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

/** A list Daybook does not hold, or of a property the person does not see: the same words for both. */
export default function RecordNotFound() {
  const t = useTranslations("review.record");
  return (
    <>
      <PageHeader title={t("title")} />
      <EmptyState title={t("notFoundTitle")}>
        {t("notFoundBody")}{" "}
        <Link href="/review" className={buttonClass("link")}>
          {t("backToQueue")}
        </Link>
      </EmptyState>
    </>
  );
}
