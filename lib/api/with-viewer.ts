import "server-only";
import type { NextRequest } from "next/server";
import type { Role } from "@/lib/db/schema";
import { requireViewer, type Viewer } from "@/lib/dal/viewer";
import { handleApiError } from "./handle-error";

type Handler = (request: NextRequest, viewer: Viewer) => Promise<Response>;

/**
 * Wraps a route handler: the session is checked here, in the handler itself (the proxy is only a
 * first gate), before any other work; every failure goes through one error mapping.
 */
export function withViewer(handler: Handler, ...roles: Role[]) {
  return async (request: NextRequest): Promise<Response> => {
    try {
      const viewer = await requireViewer(...roles);
      return await handler(request, viewer);
    } catch (error) {
      return handleApiError(error);
    }
  };
}
