"use client";

import { useTranslations } from "next-intl";
import { useActionState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { ColumnHeads } from "@/components/ui/column-heads";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { GroupMapping } from "@/lib/core/sso";
import { deleteMapping } from "@/lib/features/sso/actions";

import { FormSummary } from "../form-summary";
import { usePropertiesInWords } from "./access-words";

const PADDING = "px-3 py-2";
const td = `${PADDING} align-top`;

/**
 * The group mappings, each with its own Remove. One outcome for the table, above it: a removed
 * row is gone once the page refreshes, so its message cannot stand in the row.
 */
export function MappingsTable({ mappings }: { mappings: readonly GroupMapping[] }) {
  const t = useTranslations("admin.sso.mappings");
  const tCommon = useTranslations("common");
  const propertiesInWords = usePropertiesInWords();
  const [result, action, pending] = useActionState(deleteMapping, null);
  const remove = (group: string) => (
    <form action={action}>
      <input type="hidden" name="group" value={group} />
      <Button type="submit" variant="danger" size="sm" disabled={pending}>
        {t.rich("remove", { group, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      </Button>
    </form>
  );
  return (
    <div className="space-y-3">
      <FormSummary result={result} fields={{}} successTitle={t("removed")} />
      {mappings.length === 0 ? (
        <p className="rounded-md border border-dashed border-stone-300 bg-white px-4 py-3 text-sm text-stone-700">
          {t("none")}
        </p>
      ) : (
        <>
          <MappingsList mappings={mappings} remove={remove} />
          <div className="hidden md:block">
            <ScrollTable label={t("label")} minWidth="min-w-[30rem]" testId="sso-mappings">
              <caption className="sr-only">{t("caption")}</caption>
              <ColumnHeads
                className="border-b border-stone-200 bg-stone-50"
                cellClassName={`${PADDING} text-left text-xs font-semibold uppercase tracking-wide text-stone-500`}
                columns={[
                  t("group"),
                  t("role"),
                  t("properties"),
                  { key: "actions", label: <span className="sr-only">{t("actions")}</span> },
                ]}
              />
              <tbody className="divide-y divide-stone-100 bg-white">
                {mappings.map((mapping) => (
                  <tr key={mapping.group}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      <code className="[overflow-wrap:anywhere]">{mapping.group}</code>
                    </th>
                    <td className={`${td} whitespace-nowrap`}>{tCommon(`roles.${mapping.role}`)}</td>
                    <td className={td}>{propertiesInWords(mapping.allProperties, mapping.properties)}</td>
                    <td className={`${td} text-right`}>{remove(mapping.group)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </div>
        </>
      )}
    </div>
  );
}

/** Phones: one entry per mapping; four columns would squeeze the group names to a few letters a line. */
function MappingsList({
  mappings,
  remove,
}: {
  mappings: readonly GroupMapping[];
  remove: (group: string) => ReactNode;
}) {
  const t = useTranslations("admin.sso.mappings");
  const tCommon = useTranslations("common");
  const propertiesInWords = usePropertiesInWords();
  return (
    <ul aria-label={t("label")} className="divide-y divide-stone-100 rounded-md border border-stone-200 md:hidden">
      {mappings.map((mapping) => (
        <li key={mapping.group} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
          <div className="min-w-0">
            <code className="block [overflow-wrap:anywhere] text-stone-900">{mapping.group}</code>
            <p className="mt-0.5 text-stone-700">
              <span className="font-medium text-stone-900">{tCommon(`roles.${mapping.role}`)}</span>
              {" · "}
              {propertiesInWords(mapping.allProperties, mapping.properties)}
            </p>
          </div>
          {remove(mapping.group)}
        </li>
      ))}
    </ul>
  );
}
