import { NextResponse } from "next/server";
import { NO_STORE } from "@/lib/api/handle-error";
import { withViewer } from "@/lib/api/with-viewer";
import { getUsageReport } from "@/lib/dal/reports";

export const GET = withViewer(async (_request, viewer) =>
  NextResponse.json(await getUsageReport(viewer), { headers: NO_STORE }),
);
