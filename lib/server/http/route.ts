import "server-only";

import type { NextRequest } from "next/server";
import { z } from "zod";

import type { Role, Viewer } from "@/lib/core/access";
import { requireViewer } from "@/lib/server/auth/viewer";

import { handleApiError } from "./failure";
import { parseInput } from "./validation";

/** The request's query as `schema` reads it; refused (400) in the request's language. */
export async function parseQuery<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return parseInput(schema, Object.fromEntries(new URL(request.url).searchParams));
}

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
