import type { Metadata } from "next";

import { AdminHeader } from "@/components/admin/admin-header";
import { ApiKeyForm } from "@/components/admin/api-key-form";
import { ApiKeyInUse } from "@/components/admin/api-key-in-use";
import { ConnectionTestPanel } from "@/components/admin/connection-test-panel";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getApiKeyStatus } from "@/lib/features/admin/api-key";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "API key · Admin" };

export default async function ApiKeyPage() {
  const viewer = await requirePageViewer("/admin/api-key");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="API key" />;
  const status = await getApiKeyStatus();
  return (
    <>
      <AdminHeader
        title="API key"
        description="The key Daybook sends to the Partner Reporting API. It decides which properties Daybook can report on."
      />
      <div className="grid gap-6">
        <ApiKeyInUse status={status} />
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={status.source === "stored" ? "Rotate the key" : "Set a key in Daybook"}>
            <ApiKeyForm />
          </Card>
          <Card title="Test the connection">
            {/* A new key starts a new panel: an earlier test's outcome was about the old key. */}
            <ConnectionTestPanel key={`${status.source}-${status.setAt ?? ""}-${status.last4}`} />
          </Card>
        </div>
      </div>
    </>
  );
}
