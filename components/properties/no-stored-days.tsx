import { EmptyState } from "@/components/ui/empty-state";

/** Said wherever history is needed and Daybook has not stored a day yet. */
export function NoStoredDays() {
  return (
    <EmptyState title="No stored days yet — Daybook pulls every day after the properties' day closes">
      The API keeps no history: trends, acknowledgement times and sign-offs build up from the days Daybook stores.
      Yesterday side by side works already.
    </EmptyState>
  );
}
