import { describe, expect, it } from "vitest";

import { reviewQueueCsvTable } from "./review-queue";

describe("reviewQueueCsvTable", () => {
  it("lists each waiting list in the queue's order, overdue in words", () => {
    const table = reviewQueueCsvTable([
      {
        zone: null,
        propertyName: "Riverside & Co. Hotel",
        day: "2026-11-18",
        items: 4,
        reviewed: 1,
        notAcknowledged: 2,
        storedAt: "2026-11-19T11:30:00.000Z",
        hoursWaiting: 90,
        overdue: true,
      },
      {
        zone: null,
        propertyName: "Harbour View Hotel",
        day: "2026-11-22",
        items: 1,
        reviewed: 0,
        notAcknowledged: 0,
        storedAt: "2026-11-23T11:30:00.000Z",
        hoursWaiting: 2,
        overdue: false,
      },
    ]);
    expect(table.headers).toEqual([
      "Property",
      "Local day",
      "Guests on the list",
      "Reviewed in Daybook",
      "Not acknowledged at the desk",
      "Stored by Daybook (UTC)",
      "Hours waiting",
      "Overdue",
    ]);
    expect(table.rows).toEqual([
      ["Riverside & Co. Hotel", "2026-11-18", 4, 1, 2, "2026-11-19T11:30:00.000Z", 90, "Yes"],
      ["Harbour View Hotel", "2026-11-22", 1, 0, 0, "2026-11-23T11:30:00.000Z", 2, "No"],
    ]);
  });
});
