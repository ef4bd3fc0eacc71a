import { DayPicker } from "@/components/reports/day-picker";
import type { StoredEndpoint } from "@/lib/features/history/types";
import { getStoredDays } from "@/lib/features/reports/server";

/** The day picker of a report screen, with the days Daybook holds for its report. */
export async function DayPickerLoader({ endpoint, selected }: { endpoint: StoredEndpoint; selected?: string }) {
  const days = await getStoredDays(endpoint);
  return (
    <DayPicker
      days={days.map(({ reportedDate, pulledAt }) => ({ date: reportedDate, pulledAt }))}
      selected={selected}
    />
  );
}
