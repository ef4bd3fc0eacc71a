import { useTranslations } from "next-intl";

/** Recovery codes, shown once, right after they are made: nothing can show them again. */
export function RecoveryCodes({ codes, headingLevel = 3 }: { codes: readonly string[]; headingLevel?: 2 | 3 }) {
  const t = useTranslations("account.recoveryCodes");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="space-y-2">
      <Heading className="text-sm font-semibold text-stone-900">{t("heading")}</Heading>
      <p className="text-sm text-stone-700">{t("keep")}</p>
      <ul
        data-testid="recovery-codes"
        aria-label={t("label")}
        className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-stone-200 bg-stone-50 p-3 font-mono text-sm text-stone-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
