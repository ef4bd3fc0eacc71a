import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { PageHeader } from "@/components/ui/page-header";

/** The Guests title and description, the same while the page loads. */
export default function GuestsLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("guests.page");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {children}
    </>
  );
}
