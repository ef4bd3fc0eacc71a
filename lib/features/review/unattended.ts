/**
 * The properties nobody can sign off: no active supervisor may see them, so their criminal-arrival
 * lists wait unsigned however long they are left. Admins undo, they do not sign off. Pure.
 */
import { canReview, canSeeProperty, type PropertyScope, type Role } from "@/lib/core/access";

/** A person as this needs them: their role, the properties they see, and whether they are disabled. */
export interface PossibleSigner extends PropertyScope {
  role: Role;
  disabledAt: Date | null;
}

/** Of `names`, those no active supervisor among `people` may see, in alphabetical order. */
export function unattendedProperties(names: readonly string[], people: readonly PossibleSigner[]): string[] {
  const signers = people.filter((person) => canReview(person.role) && person.disabledAt === null);
  return names
    .filter((name) => !signers.some((signer) => canSeeProperty(signer, name)))
    .sort((a, b) => a.localeCompare(b, "en"));
}
