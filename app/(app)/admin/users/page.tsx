import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { UsersTable } from "@/components/admin/users-table";
import { NoAccess } from "@/components/layout/no-access";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getFormat } from "@/lib/features/preferences/server";
import { listUsers } from "@/lib/server/auth/users";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("users.title") }) };
}

export default async function UsersPage({ searchParams }: { searchParams: Promise<{ created?: string | string[] }> }) {
  const viewer = await requirePageViewer("/admin/users");
  const t = await getTranslations("admin.users");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const [users, { created }, format] = await Promise.all([listUsers(await getDb()), searchParams, getFormat()]);
  // Only an id travels in the URL; the confirmation names the account only if it exists.
  const createdUser = typeof created === "string" ? users.find((user) => user.id === created) : undefined;
  return (
    <>
      <AdminHeader
        title={t("title")}
        description={t("description")}
        action={
          <Link href="/admin/users/new" className={buttonClass("primary")}>
            {t("new")}
          </Link>
        }
      />
      {createdUser ? (
        <div className="mb-6">
          <Notice tone="info" title={t("createdTitle")}>
            {t("createdNotice", { name: createdUser.name, email: createdUser.email })}
          </Notice>
        </div>
      ) : null}
      <UsersTable users={users} currentUserId={viewer.id} format={format} />
    </>
  );
}
