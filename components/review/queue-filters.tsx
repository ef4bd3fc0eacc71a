import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { listProperty } from "@/lib/features/review/list";
import { QUEUE_SORTS } from "@/lib/features/review/queue-view";
import type { ReviewQueueView } from "@/lib/features/review/types";

/**
 * The queue's filter and order: a plain GET form, so it works before any script has loaded and a
 * filtered queue is an address to share. Changing it starts again at the first page. A property's
 * value is its English label (the address stays the same in every language); its text is the person's.
 */
export function QueueFilters({ view }: { view: ReviewQueueView }) {
  const t = useTranslations("review.filters");
  const review = useTranslations("review");
  return (
    <form
      action="/review"
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label={t("label")}
      data-testid="queue-filters"
    >
      {view.chooseProperty ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField
            id="queue-property"
            name="property"
            label={t("property")}
            defaultValue={view.property?.label ?? ""}
          >
            {/* The totals with overdue are in the summary above: short enough to show whole on a phone. */}
            <option value="">{t("all", { total: view.total })}</option>
            {view.properties.map((property) => (
              <option key={property.key} value={property.label}>
                {/* "Riverside Hotel — 12 waiting, 3 overdue". */}
                {property.overdue > 0
                  ? t("optionOverdue", {
                      property: listProperty(property, review),
                      waiting: property.waiting,
                      overdue: property.overdue,
                    })
                  : t("option", { property: listProperty(property, review), waiting: property.waiting })}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="w-full min-w-0 sm:w-auto">
        <SelectField id="queue-sort" name="sort" label={t("order")} defaultValue={view.sort}>
          {QUEUE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sorts.${sort}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          name="overdue"
          value="1"
          defaultChecked={view.overdueOnly}
          className="size-4 accent-brand-600"
        />
        {t("overdueOnly")}
      </label>
      <Button type="submit" size="field" variant="secondary">
        {t("show")}
      </Button>
    </form>
  );
}
