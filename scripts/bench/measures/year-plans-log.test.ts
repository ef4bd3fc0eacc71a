import { describe, expect, it } from "vitest";

import { markStatement, PLANS_MARK } from "../year-plan";
import { planText, readPlansLog, rowsKept, rowsRead, seqScansOf, type PlanNode } from "./year-plans-log";

const entry = (message: string) => JSON.stringify({ timestamp: "2026-11-23 12:00:00.000 UTC", pid: 7, message });
const logged = (ms: number, query: string, plan: PlanNode) =>
  entry(`duration: ${ms.toFixed(3)} ms  plan:\n${JSON.stringify({ "Query Text": query, Plan: plan }, null, 2)}`);

const scan = (table: string, rows: number, removed = 0): PlanNode => ({
  "Node Type": "Seq Scan",
  "Relation Name": table,
  "Plan Rows": rows,
  "Actual Rows": rows,
  "Actual Loops": 2,
  "Rows Removed by Filter": removed,
  Filter: "(list_date = '2026-11-21'::text)",
});

describe("the plans of auto_explain's JSON log", () => {
  const tables = new Set(["item_reviews", "stored_items"]);
  const joined: PlanNode = {
    "Node Type": "Hash Join",
    "Plan Rows": 10,
    Plans: [
      scan("item_reviews", 5, 995),
      { "Node Type": "Hash", Plans: [scan("users", 3)] },
      { "Node Type": "Index Scan", "Relation Name": "stored_items", "Index Name": "stored_items_list_idx" },
    ],
  };
  const text = [
    entry("database system is ready to accept connections"),
    logged(1, "select 1 from users", scan("users", 1)),
    entry(`${PLANS_MARK}overview`),
    logged(12.5, "select * from item_reviews join users", joined),
    "2026-11-23 12:00:00 UTC [7] a line of the plain log",
    entry(`${PLANS_MARK}-`),
    logged(3, "insert into audit_events", { "Node Type": "ModifyTable" }),
  ].join("\n");

  it("puts each plan with the screen marked before it", () => {
    const plans = readPlansLog(text);
    expect(plans.map((plan) => [plan.screen, plan.durationMs, plan.query])).toEqual([
      [null, 1, "select 1 from users"],
      ["overview", 12.5, "select * from item_reviews join users"],
      [null, 3, "insert into audit_events"],
    ]);
  });

  it("finds the sequential scans of the given tables only, at any depth", () => {
    const scans = seqScansOf(joined, tables);
    expect(scans.map((node) => node["Relation Name"])).toEqual(["item_reviews"]);
    expect(rowsRead(scans[0]!)).toBe(2000);
    expect(rowsKept(scans[0]!)).toBe(10);
  });

  it("writes a plan as indented text", () => {
    expect(planText(joined).split("\n")).toEqual([
      "-> Hash Join  (estimated rows=10)",
      "  -> Seq Scan on item_reviews  (estimated rows=5) (actual rows=5 loops=2)",
      "       Filter: (list_date = '2026-11-21'::text)",
      "       Rows Removed by Filter: 995",
      "  -> Hash",
      "    -> Seq Scan on users  (estimated rows=3) (actual rows=3 loops=2)",
      "         Filter: (list_date = '2026-11-21'::text)",
      "         Rows Removed by Filter: 0",
      "  -> Index Scan on stored_items using stored_items_list_idx",
    ]);
  });

  it("marks only with names it can put in a statement", () => {
    expect(markStatement("properties-30")).toBe(`do $$ begin raise log '${PLANS_MARK}%', 'properties-30'; end $$`);
    expect(() => markStatement("x'; drop table users; --")).toThrow();
  });
});
