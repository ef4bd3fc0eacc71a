import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";

export default function NotFound() {
  const t = useTranslations("ui.notFound");
  return (
    <EmptyState title={t("title")}>
      <Link href="/" className={buttonClass("link")}>
        {t("back")}
      </Link>
    </EmptyState>
  );
}
