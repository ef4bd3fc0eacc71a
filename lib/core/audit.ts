/** The audit log's vocabulary: every action Daybook records, and how the log puts it in words. */
export const AUDIT_ACTIONS = {
  "sign_in.success": "Signed in",
  "sign_in.failure": "Sign-in failed",
  "sign_in.locked": "Sign-in refused: locked",
  "sign_in.password_ok": "Sign-in: password accepted, code asked",
  sign_out: "Signed out",
  "sso.link": "Linked an account to the identity provider",
  "sso.account_create": "Got an account at first single sign-on",
  "sso.unlink": "Unlinked an account from the identity provider",
  "sso.access_change": "Got new access from the identity provider's groups",
  "sso.connection": "Changed the identity provider's connection",
  "sso.test": "Tested single sign-on",
  "sso.enable": "Turned single sign-on on",
  "sso.disable": "Turned single sign-on off",
  "sso.policy": "Changed who may sign in through the identity provider",
  "sso.mapping_set": "Set a group mapping",
  "sso.mapping_remove": "Removed a group mapping",
  "user.break_glass": "Changed an account's break-glass password sign-in",
  "user.access_source": "Changed whose access decides an account's",
  "user.create": "Created an account",
  "user.update": "Changed an account",
  "user.disable": "Disabled an account",
  "user.enable": "Enabled an account",
  "user.password_reset": "Reset a password",
  "user.unlock": "Unlocked an account's sign-in",
  "user.password_change": "Changed their own password",
  "two_factor.enable": "Turned on two-factor sign-in",
  "two_factor.disable": "Turned off two-factor sign-in",
  "two_factor.reset": "Reset someone's two-factor sign-in",
  "two_factor.recovery_codes": "Made new recovery codes",
  "two_factor.recovery_code_used": "Signed in with a recovery code",
  "settings.two_factor_roles": "Changed which roles need two-factor sign-in",
  "settings.repeat_visit_days": "Changed the days a repeat visit is looked for",
  "api_key.set": "Set the API key",
  "api_key.test": "Tested the API connection",
  "guest.reveal_id": "Revealed an identification number",
  "sync.pull": "Pulled the reports now",
  "review.item": "Reviewed a criminal arrival",
  "review.item_undo": "Undid a review",
  "review.sign_off": "Signed off a criminal-arrival list",
  "review.sign_off_undo": "Undid a sign-off",
  "record.print": "Opened a sign-off record to print",
  "record.pdf": "Downloaded a sign-off record as PDF",
  "export.csv": "Exported a table as CSV",
  "investigation.view": "Opened an investigation",
  "export.full_id": "Exported full identification numbers",
  "demo.purge": "Removed the demo's accounts and data",
  "encryption_key.rotate": "Re-encrypted the stored secrets",
  "mail.settings": "Changed their mail settings",
  "preferences.locale": "Changed their language and formats",
  "mail.unsubscribe": "Stopped an e-mail by its unsubscribe link",
  "mail.test": "Sent a test e-mail",
  "privacy.find": "Looked up a guest for a privacy request",
  "privacy.request_open": "Opened a guest's privacy request",
  "privacy.export": "Exported what Daybook holds of a guest",
  "privacy.erase": "Erased a guest",
  "privacy.erase_refused": "Erasure refused: legal hold",
  "privacy.restrict": "Restricted a guest",
  "privacy.restriction_lift": "Lifted a guest's restriction",
  "privacy.request_close": "Closed a guest's privacy request",
  "privacy.policy_create": "Created a privacy policy",
  "privacy.policy_update": "Changed a privacy policy",
  "privacy.policy_delete": "Deleted a privacy policy",
  "privacy.assign": "Assigned a property's privacy policy",
  "privacy.apply": "Applied the privacy policies to stored days",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** An action in words; a code Daybook no longer knows is shown as stored. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** One detail's value in words, for the audit screen and its CSV alike. */
export function detailValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(detailValue).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/**
 * A file of full identification numbers: the audit log marks these entries. Entries from before
 * they had an action of their own are CSV exports with `fullIdentification: true`.
 */
export function isFullIdentificationExport(entry: { action: string; details: unknown }): boolean {
  if (entry.action === "export.full_id") return true;
  const details = entry.details as { fullIdentification?: unknown } | null;
  return entry.action === "export.csv" && details?.fullIdentification === true;
}
