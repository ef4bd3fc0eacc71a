/** The sync screens' shapes, for components, which never import the server tier itself. */
export type { HousekeepingRun, SyncEndpointOutcome, SyncRun } from "@/lib/server/db/schema";
