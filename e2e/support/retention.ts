import { E2E_CLOCK } from "./clock";

/**
 * The stored day with one property's guest details purged, as its retention would have purged them
 * (e2e/support/demo-history.ts does it after pulling the demo history): the oldest of the demo's 30
 * days, at O'Brien's Lodge, which no other spec reads on that day. Only the guests report's part:
 * the criminal-arrival lists, and so the review queue, stay as they are.
 */
export const PARTLY_PURGED = {
  property: "O'Brien's Lodge",
  day: new Date(Date.parse(`${E2E_CLOCK.slice(0, 10)}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10),
} as const;
