import type { Metadata } from "next";

import { AdminHeader } from "@/components/admin/admin-header";
import { NewUserForm } from "@/components/admin/new-user-form";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getReachableProperties, propertyOptions } from "@/lib/features/admin/users";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { upstreamFailureForPage } from "@/lib/server/http/failure";

export const metadata: Metadata = { title: "New account · Admin" };

export default async function NewUserPage() {
  const viewer = await requirePageViewer("/admin/users/new");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="New account" />;
  const reachable = await getReachableProperties();
  return (
    <>
      <AdminHeader
        title="New account"
        description="The person signs in with this e-mail and the initial password. You can change everything but the e-mail later."
        back={{ href: "/admin/users", label: "All users" }}
      />
      <Card>
        <NewUserForm
          options={propertyOptions(reachable.ok ? reachable.properties : null, [])}
          upstreamError={reachable.ok ? null : upstreamFailureForPage(reachable.error)}
          minPasswordLength={MIN_PASSWORD_LENGTH}
        />
      </Card>
    </>
  );
}
