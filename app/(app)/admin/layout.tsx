import type { ReactNode } from "react";

import { AdminNav } from "@/components/admin/admin-nav";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getViewer } from "@/lib/server/auth/viewer";

/**
 * The admin section's tabs above every admin screen, its loading and its failures. Only for an
 * admin: anyone else is told by the page itself that their role does not include it.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  return (
    <>
      {viewer && roleAllows(viewer.role, SCREEN_ROLES.admin) ? <AdminNav /> : null}
      {children}
    </>
  );
}
