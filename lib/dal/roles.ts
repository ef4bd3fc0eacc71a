import type { Role } from "@/lib/db/schema";

export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Property manager",
  supervisor: "Supervisor",
  regional: "Regional",
  admin: "Admin",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  viewer: "Reads the reports of their properties.",
  supervisor: "Reads the reports and reviews criminal arrivals.",
  regional: "Reads the reports and compares properties.",
  admin: "Manages people, the API key and the audit log.",
};

/** What each screen asks of a role; every other screen is open to any signed-in person. */
export const SCREEN_ROLES = {
  properties: ["regional", "admin"],
  review: ["supervisor", "admin"],
  admin: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

/** What each action beyond reading asks of a role. */
export const ACTION_ROLES = {
  /** A full identification number: one at a time on the guests screen, or every one in an export the person asks for. */
  revealIdentification: ["viewer", "supervisor", "regional", "admin"],
  /** A table as a CSV file (masked identification numbers unless asked for and revealable). */
  exportCsv: ["supervisor", "regional", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export function roleAllows(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}
