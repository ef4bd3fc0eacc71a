import { DayPicker } from "@/components/reports/day-picker";
import type { PropertyScope } from "@/lib/core/access";
import type { StoredEndpoint } from "@/lib/features/history/types";
import { getStoredDays } from "@/lib/features/reports/server";

/**
 * The day picker of a report screen, with the days Daybook holds for its report: of a guest
 * screen, those still holding guest data of some property the person (`scope`) may see.
 */
export async function DayPickerLoader({
  endpoint,
  selected,
  scope,
}: {
  endpoint: StoredEndpoint;
  selected?: string;
  scope?: PropertyScope;
}) {
  const days = await getStoredDays(endpoint, scope);
  return (
    <DayPicker
      days={days.map(({ reportedDate, pulledAt }) => ({ date: reportedDate, pulledAt }))}
      selected={selected}
    />
  );
}
