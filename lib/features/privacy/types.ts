/** Admin → Privacy's shapes, for its server and its components alike. */
import type { KeptFields, PurgeReason } from "@/lib/core/privacy";

/** A policy as Admin → Privacy shows it. */
export interface PolicyView {
  id: string;
  name: string;
  isDefault: boolean;
  /** Null: follows DAYBOOK_RETENTION_DAYS (the default policy only). */
  ownRetentionDays: number | null;
  retentionDays: number;
  kept: KeptFields;
  criminalDetails: boolean;
  legalHold: string | null;
  /** The properties assigned to it; for the default, every property without a policy of its own. */
  properties: string[];
}

export interface PropertyAssignment {
  propertyName: string;
  /** Null: the default policy. */
  policyId: string | null;
  policyName: string;
  /** Not among the properties the key reaches now (an assignment kept from before). */
  unknown: boolean;
}

export interface PrivacyAdminView {
  policies: PolicyView[];
  assignments: PropertyAssignment[];
  /** DAYBOOK_RETENTION_DAYS, what the default policy follows unless it sets its own. */
  retentionSetting: number;
}

/** One purge log entry: what was removed, never the data itself. */
export interface PurgeLogEntry {
  id: number;
  at: Date;
  reason: PurgeReason;
  rule: string;
  kind: string;
  day: string | null;
  propertyName: string | null;
  rows: number;
  fields: string[] | null;
  requestId: number | null;
}

export interface PurgeLogPage {
  rows: PurgeLogEntry[];
  total: number;
  /** The id to continue below, when there is more. */
  nextBefore: number | null;
}
