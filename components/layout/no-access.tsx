import { useTranslations } from "next-intl";

import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/**
 * `title`: the screen's, in the person's language. `permission`: the screen needs a grant on top of a
 * role (e.g. answering privacy requests), not another role.
 */
export function NoAccess({ title, permission = false }: { title: string; permission?: boolean }) {
  const t = useTranslations("account.noAccess");
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title={permission ? t("permissionTitle") : t("roleTitle")}>
        {permission ? t("permissionBody") : t("roleBody")}
      </EmptyState>
    </>
  );
}
