import { DayPicker } from "@/components/reports/day-picker";
import type { PropertyScope } from "@/lib/core/access";
import type { StoredEndpoint } from "@/lib/features/history/types";
import { getDayChoices } from "@/lib/features/reports/server";

/**
 * The day picker of a report screen: yesterday, and the stored days on which at least one of the
 * person's (`scope`) properties is stored, each labelled with what it covers of them.
 */
export async function DayPickerLoader({
  endpoint,
  selected,
  scope,
}: {
  endpoint: StoredEndpoint;
  selected?: string;
  scope: PropertyScope;
}) {
  const { yesterday, days } = await getDayChoices(endpoint, scope);
  return <DayPicker days={days} yesterday={yesterday} selected={selected} />;
}
