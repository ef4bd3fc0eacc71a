import type { Metadata } from "next";

import { AdminHeader } from "@/components/admin/admin-header";
import { UsersTable } from "@/components/admin/users-table";
import { NoAccess } from "@/components/layout/no-access";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { listUsers } from "@/lib/server/auth/users";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Users · Admin" };

export default async function UsersPage({ searchParams }: { searchParams: Promise<{ created?: string | string[] }> }) {
  const viewer = await requirePageViewer("/admin/users");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="Users" />;
  const [users, { created }] = await Promise.all([listUsers(await getDb()), searchParams]);
  // Only an id travels in the URL; the confirmation names the account only if it exists.
  const createdUser = typeof created === "string" ? users.find((user) => user.id === created) : undefined;
  return (
    <>
      <AdminHeader
        title="Users"
        description="Everyone who can sign in to Daybook. Open a name to change the role, the properties, or the password."
        action={
          <Link href="/admin/users/new" className={buttonClass("primary")}>
            New account
          </Link>
        }
      />
      {createdUser ? (
        <div className="mb-6">
          <Notice tone="info" title="Account created">
            {createdUser.name} ({createdUser.email}) can sign in now with the initial password you set.
          </Notice>
        </div>
      ) : null}
      <UsersTable users={users} currentUserId={viewer.id} />
    </>
  );
}
