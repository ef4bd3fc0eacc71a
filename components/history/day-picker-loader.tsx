import type { StoredEndpoint } from "@/lib/features/history/types";
import { getStoredDays } from "@/lib/features/reports/server";

import { DayPicker } from "./day-picker";

/** The day picker with the days Daybook holds for this screen's report. */
export async function DayPickerLoader({ endpoint, selected }: { endpoint: StoredEndpoint; selected?: string }) {
  const days = await getStoredDays(endpoint);
  return (
    <DayPicker
      days={days.map(({ reportedDate, pulledAt }) => ({ date: reportedDate, pulledAt }))}
      selected={selected}
    />
  );
}
