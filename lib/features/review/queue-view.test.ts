import { describe, expect, it } from "vitest";

import { parseQueueQuery, queueHref } from "./queue-view";

describe("the queue's address", () => {
  it("reads the filter, order and page, an unknown order being the default", () => {
    expect(parseQueueQuery({})).toEqual({ property: undefined, overdueOnly: false, sort: "oldest", page: undefined });
    expect(parseQueueQuery({ property: "  Riverside  ", overdue: "1", sort: "newest", page: "3" })).toEqual({
      property: "Riverside",
      overdueOnly: true,
      sort: "newest",
      page: "3",
    });
    expect(parseQueueQuery({ overdue: "yes", sort: "DROP TABLE", property: "" })).toMatchObject({
      property: undefined,
      overdueOnly: false,
      sort: "oldest",
    });
    expect(parseQueueQuery({ sort: ["property", "newest"] }).sort).toBe("property");
  });

  it("writes only what differs from the default", () => {
    expect(queueHref({})).toBe("/review");
    expect(queueHref({ sort: "oldest", page: 1 })).toBe("/review");
    expect(queueHref({ property: "Seaside Suites (New York time)", overdueOnly: true, sort: "newest", page: 2 })).toBe(
      "/review?property=Seaside+Suites+%28New+York+time%29&overdue=1&sort=newest&page=2",
    );
  });
});
