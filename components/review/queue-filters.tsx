import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { QUEUE_SORT_LABELS, QUEUE_SORTS } from "@/lib/features/review/queue-view";
import type { QueueProperty, ReviewQueueView } from "@/lib/features/review/types";

const count = (n: number) => n.toLocaleString("en-US");

/** "Riverside Hotel — 12 waiting, 3 overdue". */
function propertyOption(property: Pick<QueueProperty, "label" | "waiting" | "overdue">): string {
  return `${property.label} — ${count(property.waiting)} waiting${property.overdue > 0 ? `, ${count(property.overdue)} overdue` : ""}`;
}

/**
 * The queue's filter and order: a plain GET form, so it works before any script has loaded and a
 * filtered queue is an address to share. Changing it starts again at the first page.
 */
export function QueueFilters({ view }: { view: ReviewQueueView }) {
  return (
    <form
      action="/review"
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label="Filter and order the queue"
      data-testid="queue-filters"
    >
      {view.chooseProperty ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField id="queue-property" name="property" label="Property" defaultValue={view.property?.label ?? ""}>
            {/* The totals with overdue are in the summary above: short enough to show whole on a phone. */}
            <option value="">All properties — {count(view.total)} waiting</option>
            {view.properties.map((property) => (
              <option key={property.key} value={property.label}>
                {propertyOption(property)}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="w-full min-w-0 sm:w-auto">
        <SelectField id="queue-sort" name="sort" label="Order" defaultValue={view.sort}>
          {QUEUE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {QUEUE_SORT_LABELS[sort]}
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
        Overdue only
      </label>
      <Button type="submit" size="field" variant="secondary">
        Show
      </Button>
    </form>
  );
}
