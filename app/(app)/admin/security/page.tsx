import type { Metadata } from "next";

import { AdminHeader } from "@/components/admin/admin-header";
import { RequiredRolesForm } from "@/components/admin/required-roles-form";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { readRequiredRoles } from "@/lib/server/auth/required-steps";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Security · Admin" };

export default async function SecurityPage() {
  const viewer = await requirePageViewer("/admin/security");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="Security" />;
  const mode = getConfig().mode;
  const setting = await readRequiredRoles(await getDb(), mode);
  return (
    <>
      <AdminHeader
        title="Security"
        description="Who must sign in with a code from an authenticator app as well as a password."
      />
      <Card title="Two-factor sign-in">
        <p className="mb-4 text-sm text-stone-700">
          A person of a ticked role who has not set up two-factor sign-in is asked to, before anything else, on their
          next page. Anyone may turn it on for themselves under Account.
          {setting.chosen
            ? null
            : mode === "live"
              ? " No admin has chosen yet: admins and supervisors must use it."
              : " No admin has chosen yet: in the demo, nobody must use it."}
        </p>
        <RequiredRolesForm roles={setting.roles} />
      </Card>
    </>
  );
}
