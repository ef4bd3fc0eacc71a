import { useTranslations } from "next-intl";

import {
  isKnownCrimeType,
  offenseDetailsWithheld,
  offenseListsOf,
  type OffenseList,
} from "@/lib/features/criminal-arrivals/offense-lists";
import type { CriminalArrival } from "@/lib/features/reports/types";

/**
 * One of the two lists under its heading; its own words when empty. Also the sign-off record's.
 * Crime types Daybook knows are worded; any other value, and every description, is shown as sent.
 */
export function OneList({ list, testId }: { list: OffenseList; testId: string }) {
  const t = useTranslations("criminalArrivals");
  const items =
    list.id === "crimeTypes"
      ? list.values.map((value) => (isKnownCrimeType(value) ? t(`crimeTypes.${value}`) : value))
      : list.values;
  return (
    <div data-testid={testId}>
      <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t(`offenses.${list.id}`)}</h4>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{t("offenses.noneListed")}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-stone-800">
          {items.map((entry, index) => (
            <li key={index} className="break-words">
              {entry}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Crime types and offense descriptions as two independent lists, each whole under its own
 * heading: the API does not pair them by position, so neither does the screen.
 */
export function OffenseLists({ item }: { item: CriminalArrival }) {
  const t = useTranslations("criminalArrivals.offenses");
  const view = offenseListsOf(item);
  const withheld = offenseDetailsWithheld(item);
  if (view.kind === "withheld" || withheld) {
    return (
      <p data-testid="offense-details-withheld" className="text-sm text-stone-700">
        {withheld?.reason === "registry"
          ? t("registry")
          : withheld?.reason === "notKept" && withheld.policy !== null
            ? t("notKept", { policy: withheld.policy })
            : t("notKeptNoPolicy")}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-2">
        <OneList list={view.crimeTypes} testId="crime-types" />
        <OneList list={view.offenseDescriptions} testId="offense-descriptions" />
      </div>
      {view.note ? <p className="text-xs text-stone-600">{t("bothFlags")}</p> : null}
    </div>
  );
}
