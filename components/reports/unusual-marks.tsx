import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import { RULE_VALUES, type RowMarks } from "@/lib/features/insights/unusual";

/**
 * A rate far outside its property's own history: marked in words ("Unusual") and with the
 * sentence as its accessible description and tooltip, never by colour alone.
 */
export function UnusualMark({ column, value, sentence }: { column: string; value: string; sentence: string }) {
  const t = useTranslations("reports.unusual");
  return (
    <td
      className="relative bg-amber-50 px-3 py-2 text-right font-semibold text-amber-950"
      data-column={column}
      data-unusual="true"
      title={sentence}
    >
      {value}
      <span className="block text-xs font-medium text-amber-900" data-testid="unusual-mark">
        <span aria-hidden="true">{"▲ "}</span>
        {t("mark")}
        <span className="sr-only">: {sentence}</span>
      </span>
    </td>
  );
}

export function NotEnoughHistoryBadge() {
  const t = useTranslations("reports.unusual");
  const rule = useTranslations("insights.unusual.howJudged");
  return (
    <Badge tone="neutral" title={rule("rule", RULE_VALUES)}>
      <span data-testid="not-enough-history">{t("notEnoughHistory")}</span>
    </Badge>
  );
}

/**
 * Under a table: each unusual rate in a sentence, and the rule behind "How this is judged" (left
 * out with `rule` false where another table of the page says it). Nothing when nothing was judged.
 */
export function UnusualNotes({
  rows,
  rule = true,
}: {
  rows: readonly { label: string; marks?: RowMarks | undefined }[];
  rule?: boolean;
}) {
  const t = useTranslations("reports.unusual");
  const how = useTranslations("insights.unusual.howJudged");
  if (!rows.some((row) => row.marks !== undefined)) return null;
  const flagged = rows.flatMap((row) =>
    Object.values(row.marks?.unusual ?? {}).map((judgement) => ({ label: row.label, sentence: judgement!.sentence })),
  );
  return (
    <div data-testid="unusual-notes">
      {flagged.length > 0 ? (
        <ul className="list-disc pl-5" aria-label={t("rates")}>
          {flagged.map((entry) => (
            <li key={`${entry.label}|${entry.sentence}`} data-testid="unusual-sentence">
              <span className="font-medium text-stone-900">{entry.label}</span>: {entry.sentence}
            </li>
          ))}
        </ul>
      ) : null}
      {rule ? (
        <details data-testid="unusual-rule">
          <summary className="cursor-pointer">{t("howJudged")}</summary>
          <p>{how("rule", RULE_VALUES)}</p>
        </details>
      ) : null}
    </div>
  );
}
