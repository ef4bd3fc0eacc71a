import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";

/**
 * The properties nobody can sign off, named, with the way to change it: an admin gives a supervisor
 * access; anyone else is told who can. Nothing when every property has a supervisor.
 */
export function UnattendedNotice({ names, canGrant }: { names: readonly string[]; canGrant: boolean }) {
  if (names.length === 0) return null;
  const one = names.length === 1;
  return (
    <div data-testid="unattended">
      <Notice
        tone="warning"
        title={
          one
            ? "1 property has nobody to sign off its criminal arrivals"
            : `${names.length} properties have nobody to sign off their criminal arrivals`
        }
      >
        <p>
          No active supervisor may see {one ? "it" : "them"}, so {one ? "its lists wait" : "their lists wait"} unsigned:
        </p>
        <ul className="mt-1 list-disc pl-5" data-testid="unattended-names">
          {names.map((name) => (
            <li key={name} className="break-words">
              {name}
            </li>
          ))}
        </ul>
        <p className="mt-2">
          {canGrant ? (
            <Link href="/admin/users" className={buttonClass("link")}>
              Give a supervisor access on Users
            </Link>
          ) : (
            "An admin can give a supervisor access."
          )}
        </p>
      </Notice>
    </div>
  );
}
