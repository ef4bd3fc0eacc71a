import "server-only";

import { headers } from "next/headers";

import { clientAddressOf } from "@/lib/core/client-address";
import { getConfig } from "@/lib/server/config";

import type { AuditEntry } from "./record";

/*
 * Who is asking and from where, for entries written while answering a request. Apart from
 * record.ts, which scripts (npm run user) use without a request or Daybook's configuration.
 */

/** Who acted and from where, for an entry written while answering that person's request. */
export async function auditContext(actor: {
  id: string;
  email: string;
}): Promise<Required<Pick<AuditEntry, "actor" | "clientAddress">>> {
  return { actor: { id: actor.id, email: actor.email }, clientAddress: clientAddress(await headers()) };
}

/** The client's address for throttling and the audit log (lib/core/client-address.ts). */
export function clientAddress(headers: Headers): string | null {
  return clientAddressOf(headers, getConfig().trustedProxies);
}
