/**
 * Who may do what, in one place: the roles, what each screen and action asks of a role, and what a
 * person may see in terms of property names. Pure and isomorphic: the database schema, the server's
 * checks and the navigation all read it from here.
 */

export const ROLES = ["viewer", "supervisor", "regional", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What each screen asks of a role; every other screen is open to any signed-in person. */
export const SCREEN_ROLES = {
  properties: ["regional", "admin"],
  review: ["supervisor", "admin"],
  /** Banned after the stay: whom to tell about a guest banned since they stayed. */
  insights: ["supervisor", "regional", "admin"],
  admin: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

/**
 * Investigations, one screen each. Everyone sees their own properties' match outcomes and alert
 * response; the screens that link guests across properties (missed bans, repeat visitors) and judge
 * staff's flags are for the people who review and compare.
 */
export const INVESTIGATION_ROLES = {
  outcomes: ["viewer", "supervisor", "regional", "admin"],
  response: ["viewer", "supervisor", "regional", "admin"],
  "missed-bans": ["supervisor", "regional", "admin"],
  "repeat-visitors": ["supervisor", "regional", "admin"],
  "staff-flags": ["supervisor", "regional", "admin"],
} as const satisfies Record<string, readonly Role[]>;
export type InvestigationScreen = keyof typeof INVESTIGATION_ROLES;

/** The investigations a role opens, in the order of the section's tabs. */
export function investigationsFor(role: Role): InvestigationScreen[] {
  return (Object.keys(INVESTIGATION_ROLES) as InvestigationScreen[]).filter((screen) =>
    roleAllows(role, INVESTIGATION_ROLES[screen]),
  );
}

/** What each action beyond reading asks of a role. */
export const ACTION_ROLES = {
  /** A full identification number, one at a time on the guests screen (audited, and limited per hour). */
  revealIdentification: ["viewer", "supervisor", "regional", "admin"],
  /**
   * Every full identification number of a table in one file, with a stated reason: admins only. One
   * file undoes the one-at-a-time reveal, so it is kept to the few people who already manage
   * accounts and read the audit log, rather than a grant that could spread role by role.
   */
  exportFullIdentification: ["admin"],
  /** A table as a CSV file (masked identification numbers unless asked for and revealable). */
  exportCsv: ["supervisor", "regional", "admin"],
} as const satisfies Record<string, readonly Role[]>;

/** Supervisors review and sign off the lists of their properties; only admins undo, with a reason. */
export const REVIEW_ROLE: Role = "supervisor";
export const UNDO_ROLE: Role = "admin";

export function canReview(role: Role): boolean {
  return role === REVIEW_ROLE;
}

export function canUndo(role: Role): boolean {
  return role === UNDO_ROLE;
}

export function roleAllows(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/**
 * Grants an admin gives one person beyond their role. "privacy": answers guests' privacy requests
 * (finds, exports, erases or restricts a guest) within the properties the person may see, or for the
 * whole group with every property. Few people should hold it, whatever their role, so it is a grant
 * rather than a role's; admins hold every grant.
 */
export const PERMISSIONS = ["privacy"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Whether the person holds a grant: admins always do. */
export function hasPermission(
  viewer: { role: Role; permissions?: readonly string[] },
  permission: Permission,
): boolean {
  return viewer.role === "admin" || (viewer.permissions ?? []).includes(permission);
}

/** What a person may see, in the terms of property names. */
export interface PropertyScope {
  allProperties: boolean;
  properties: readonly string[];
}

/** The API's own tolerance: casing and spacing do not matter; nothing else is loosened. */
export function propertyKey(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    // A group's names are few and met again and again (a year of a large group's rows is 73,000
    // of them): each is worked out once. The bound keeps odd input from growing the map for good.
    if (keys.size >= MAX_KEYS) keys.clear();
    key = name.normalize("NFC").toLowerCase().replace(/\s+/g, "");
    keys.set(name, key);
  }
  return key;
}

const MAX_KEYS = 10_000;
const keys = new Map<string, string>();

/** Who may see what, as a key: people who see the same properties share what is made for them. */
export function scopeKey(scope: PropertyScope): string {
  return scope.allProperties ? "*" : [...new Set(scope.properties.map(propertyKey))].sort().join("\u0001");
}

export function canSeeProperty(scope: PropertyScope, name: string): boolean {
  if (scope.allProperties) return true;
  const key = propertyKey(name);
  return scope.properties.some((allowed) => propertyKey(allowed) === key);
}

/** The signed-in person, as every part of Daybook sees them. */
export interface Viewer extends PropertyScope {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Grants beyond the role (PERMISSIONS); absent reads as none. */
  permissions?: readonly Permission[];
  sessionId: string;
}
