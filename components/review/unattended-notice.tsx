import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";

/**
 * The properties nobody can sign off, named, with the way to change it: an admin gives a supervisor
 * access; anyone else is told who can. Nothing when every property has a supervisor.
 */
export function UnattendedNotice({ names, canGrant }: { names: readonly string[]; canGrant: boolean }) {
  const t = useTranslations("review.unattended");
  if (names.length === 0) return null;
  const count = names.length;
  return (
    <div data-testid="unattended">
      <Notice tone="warning" title={t("title", { count })}>
        <p>{t("body", { count })}</p>
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
              {t("grant")}
            </Link>
          ) : (
            t("askAdmin")
          )}
        </p>
      </Notice>
    </div>
  );
}
