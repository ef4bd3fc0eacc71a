/** The admin screens' shapes, for components, which never import the server tier itself. */
export type { AuditEvent, User } from "@/lib/server/db/schema";
export type { AuditFilters } from "@/lib/server/audit/query";
