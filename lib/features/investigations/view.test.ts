import { describe, expect, it } from "vitest";

import { outcomesHref, parseOutcomeQuery } from "./outcome-view";
import { parseRepeatQuery, repeatVisitorsHref } from "./repeat-visitors-view";
import { parseResponsePart, parseResponseQuery, responseHref } from "./response-view";
import {
  choiceParam,
  chosenProperty,
  cutList,
  inOrder,
  investigationFile,
  investigationHref,
  parseInvestigationQuery,
} from "./view";

describe("an investigation's address", () => {
  it("reads the window, the property and the page, anything else as the default", () => {
    expect(parseInvestigationQuery({})).toEqual({ window: 90 });
    expect(parseInvestigationQuery({ window: "365", property: [" Harbour View Hotel ", "x"], page: "3" })).toEqual({
      window: 365,
      property: "Harbour View Hotel",
      page: "3",
    });
    expect(parseInvestigationQuery({ window: "7" }).window).toBe(90);
  });

  it("reads a closed choice trimmed, the first of several, and nothing else", () => {
    const sorts = ["newest", "oldest"] as const;
    expect(choiceParam(" oldest ", sorts)).toBe("oldest");
    expect(choiceParam(["oldest", "newest"], sorts)).toBe("oldest");
    expect(choiceParam("name", sorts)).toBeUndefined();
    expect(choiceParam("", sorts)).toBeUndefined();
    expect(choiceParam(null, sorts)).toBeUndefined();
    expect(parseOutcomeQuery({ window: 90 }, { sort: "decided" }).sort).toBe("decided");
    expect(parseRepeatQuery({ window: 90 }, { kind: "spread", sort: "oldest" })).toEqual({
      window: 90,
      sort: "oldest",
      kind: "spread",
    });
    expect(parseResponsePart(["hours"])).toBe("hours");
    expect(parseResponsePart("everything")).toBe("properties");
  });

  it("writes the window, the property, the screen's choices, then the page; each default left out", () => {
    expect(investigationHref("staff-flags", {})).toBe("/investigations/staff-flags");
    expect(investigationHref("staff-flags", { window: 30, property: "Seaside Suites", page: 2 }, { sort: null })).toBe(
      "/investigations/staff-flags?window=30&property=Seaside+Suites&page=2",
    );
    expect(outcomesHref({ window: 90, property: null, sort: "name", page: 3 })).toBe(
      "/investigations/outcomes?sort=name&page=3",
    );
    expect(outcomesHref({ sort: "rate" })).toBe("/investigations/outcomes");
    expect(
      repeatVisitorsHref({ window: 365, property: "Harbour View Hotel", kind: "after-flag", sort: "closest" }),
    ).toBe("/investigations/repeat-visitors?window=365&property=Harbour+View+Hotel&kind=after-flag&sort=closest");
    expect(responseHref({ window: 30, page: 2, alerts: 3 })).toBe("/investigations/response?window=30&page=2&alerts=3");
    expect(responseHref({ alerts: 2 })).toBe("/investigations/response?alerts=2");
    expect(responseHref({ sort: "fastest" })).toBe("/investigations/response");
    expect(responseHref({ window: 30, sort: "slowest", page: 2, alerts: 3 })).toBe(
      "/investigations/response?window=30&sort=slowest&page=2&alerts=3",
    );
    expect(parseResponseQuery({ sort: "unacknowledged", alerts: "2" })).toEqual({
      window: 90,
      sort: "unacknowledged",
      alerts: "2",
    });
    expect(parseResponseQuery({ sort: "quickest" }).sort).toBe("fastest");
  });
});

describe("the property a list is cut to", () => {
  const choices = ["Harbour View Hotel", "Seaside Suites (New York time)"];

  it("is one of the list's, casing and spaces aside", () => {
    expect(chosenProperty(choices, "harbour  view hotel")).toEqual({
      property: { label: "Harbour View Hotel" },
      unknownProperty: null,
    });
    expect(chosenProperty(choices, undefined)).toEqual({ property: null, unknownProperty: null });
  });

  it("asked for and not in the list, is said as asked, and every property is shown", () => {
    expect(chosenProperty(choices, "Nowhere Inn")).toEqual({ property: null, unknownProperty: "Nowhere Inn" });
    expect(chosenProperty([], "Harbour View Hotel")).toEqual({
      property: null,
      unknownProperty: "Harbour View Hotel",
    });
  });
});

describe("a list's order", () => {
  it("keeps the rows' own order among equals", () => {
    const rows = [
      { id: "a", group: 2 },
      { id: "b", group: 1 },
      { id: "c", group: 2 },
      { id: "d", group: 1 },
    ];
    expect(inOrder(rows, (x, y) => x.group - y.group).map((row) => row.id)).toEqual(["b", "d", "a", "c"]);
    expect(rows.map((row) => row.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("is cut to the property asked for among those offered, none offered to a person with one", () => {
    const rows = [
      { id: "a", label: "Harbour View Hotel" },
      { id: "b", label: "Seaside Suites" },
      { id: "c", label: "Harbour View Hotel" },
    ];
    const cut = (asked: string | undefined, severalProperties = true) =>
      cutList(rows, asked, {
        labels: ["Harbour View Hotel", "Seaside Suites"],
        severalProperties,
        at: (row, label) => row.label === label,
        order: (x, y) => y.id.localeCompare(x.id),
      });
    expect(cut("harbour view hotel")).toEqual({
      shown: [rows[2], rows[0]],
      choices: ["Harbour View Hotel", "Seaside Suites"],
      property: { label: "Harbour View Hotel" },
      unknownProperty: null,
    });
    expect(cut("Harbour View Hotel", false)).toEqual({
      shown: [rows[2], rows[1], rows[0]],
      choices: [],
      property: null,
      unknownProperty: "Harbour View Hotel",
    });
  });
});

describe("an investigation's CSV", () => {
  it("is named for the window's last day and audited with the window, the property and the screen's choices", () => {
    const table = { headers: ["Hour"], rows: [["00:00"]], groups: ["hour"] };
    const file = investigationFile(
      table,
      { window: 30, from: "2026-10-07", to: "2026-11-05", property: "Harbour View Hotel" },
      { lead: { part: "hours" }, rest: { sort: "oldest" } },
    );
    expect(file.fileDay).toBe("2026-11-05");
    expect(file.table).toBe(table);
    expect(file.facts).toEqual({
      day: null,
      stored: true,
      propertyFilter: "Harbour View Hotel",
      fullIdentification: false,
      view: { part: "hours", window: "30", from: "2026-10-07", to: "2026-11-05", sort: "oldest" },
    });
    expect(Object.keys(file.facts.view ?? {})).toEqual(["part", "window", "from", "to", "sort"]);
  });
});
