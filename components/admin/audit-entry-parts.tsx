import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import { None } from "@/components/ui/none";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/core/audit";
import type { AuditEvent } from "@/lib/features/admin/types";

/** An e-mail that may wrap only after its "@", where it still reads as one address. */
export function BreakableEmail({ text }: { text: string }) {
  const at = text.indexOf("@");
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/**
 * An action in the person's words (admin.audit.actions, one key per AUDIT_ACTIONS code); a code
 * Daybook no longer knows is shown as stored. The CSV keeps lib/core/audit's English words.
 */
export function ActionName({ action }: { action: string }) {
  const t = useTranslations("admin.audit.actions");
  return <>{isAuditAction(action) ? t(action) : action}</>;
}

/** The actor's e-mail, or a dash for what Daybook did by itself (first run, say). */
export function Who({ email }: { email: string | null }) {
  const t = useTranslations("admin.audit");
  if (email) return <BreakableEmail text={email} />;
  return (
    <>
      <span aria-hidden className="text-stone-400">
        —
      </span>
      <span className="sr-only">{t("system")}</span>
    </>
  );
}

type Translate = ReturnType<typeof useTranslations<"admin.audit">>;

/** One detail's value in words, as lib/core/audit's `detailValue` writes it for the CSV. */
function detailWords(value: unknown, t: Translate): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value))
    return value.length === 0 ? t("detailNone") : value.map((v) => detailWords(v, t)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? t("detailYes") : t("detailNo");
  return String(value);
}

/** The details as recorded: their names are Daybook's field names, the same in every language. */
export function Details({ details }: { details: AuditEvent["details"] }) {
  const t = useTranslations("admin.audit");
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return <None />;
  return (
    <dl className="space-y-0.5 text-xs">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt className="inline text-stone-500">{key}:</dt>{" "}
          <dd className="inline [overflow-wrap:anywhere]">{detailWords(value, t)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Outcome({ outcome }: { outcome: AuditEvent["outcome"] }) {
  const t = useTranslations("admin.audit");
  return outcome === "failure" ? (
    <span className="inline-block rounded-full border border-red-200 bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
      {t("failure")}
    </span>
  ) : (
    <span className="inline-block rounded-full border border-stone-200 bg-stone-50 px-2 py-0.5 text-xs font-medium text-stone-700">
      {t("success")}
    </span>
  );
}

/** Marks an export of full identification numbers, in words. */
export function FullIdBadge() {
  const t = useTranslations("admin.audit");
  return (
    <span className="ml-1 inline-block">
      <Badge tone="warning">{t("fullId")}</Badge>
    </span>
  );
}
