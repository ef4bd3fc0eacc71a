import { useTranslations } from "next-intl";

import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/core/audit";
import type { AuditFilters as Filters } from "@/lib/features/admin/types";

/** A plain GET form: the filters live in the URL, so a filtered view can be bookmarked and shared. */
export function AuditFilters({ filters }: { filters: Filters }) {
  const t = useTranslations("admin.audit");
  // Each field is named as its parameter in the URL, and starts from the filter in force.
  const field = (name: keyof Filters) => ({ id: `filter-${name}`, name, defaultValue: filters[name] ?? "" });
  return (
    <form method="get" action="/admin/audit" className={`p-4 ${cardClass}`} role="search" aria-label={t("filter")}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField {...field("action")} label={t("action")}>
          <option value="">{t("allActions")}</option>
          {(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </SelectField>
        <TextField {...field("actor")} type="search" label={t("actor")} autoComplete="off" spellCheck={false} />
        <SelectField {...field("outcome")} label={t("outcome")}>
          <option value="">{t("anyOutcome")}</option>
          <option value="success">{t("success")}</option>
          <option value="failure">{t("failure")}</option>
        </SelectField>
        <TextField {...field("from")} type="date" label={t("from")} />
        <TextField {...field("to")} type="date" label={t("to")} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button type="submit" variant="primary">
          {t("apply")}
        </Button>
        <Link href="/admin/audit" className={`text-sm ${buttonClass("link")}`}>
          {t("clear")}
        </Link>
      </div>
    </form>
  );
}
