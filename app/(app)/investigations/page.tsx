import { redirect } from "next/navigation";

import { investigationsFor } from "@/lib/core/access";
import { investigationPath } from "@/lib/features/investigations/view";
import { requirePageViewer } from "@/lib/server/auth/viewer";

/** The section's entry opens its first screen the person may see. */
export default async function InvestigationsPage() {
  const viewer = await requirePageViewer("/investigations");
  redirect(investigationPath(investigationsFor(viewer.role)[0]!));
}
