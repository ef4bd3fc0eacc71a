/**
 * Reading `auto_explain`'s plans out of PostgreSQL's JSON log (jsonlog: one JSON object a line,
 * `auto_explain.log_format = json`), each put with the screen whose mark (`markStatement`) came
 * before it; finding the sequential scans in a plan; and a plan as indented text for a person.
 */
import { PLANS_MARK } from "../year-plan";

/** A node of an EXPLAIN (FORMAT JSON) plan: the fields read here, and the rest as they come. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Plan Rows"?: number;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Actual Total Time"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
  [field: string]: unknown;
}

export interface LoggedPlan {
  /** The screen whose mark came last before it; null before the first and after a `-` mark. */
  screen: string | null;
  /** The statement's run time as `auto_explain` logged it. */
  durationMs: number;
  query: string;
  plan: PlanNode;
}

const DURATION = /^duration: ([\d.]+) ms {2}plan:\n/;

/** Every plan in the log, in the log's order. Lines that are not JSON log entries are passed over. */
export function readPlansLog(text: string): LoggedPlan[] {
  const plans: LoggedPlan[] = [];
  let screen: string | null = null;
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    let message: string;
    try {
      message = String((JSON.parse(line) as { message?: unknown }).message ?? "");
    } catch {
      continue;
    }
    if (message.startsWith(PLANS_MARK)) {
      const name = message.slice(PLANS_MARK.length).trim();
      screen = name === "-" ? null : name;
      continue;
    }
    const duration = DURATION.exec(message);
    if (!duration) continue;
    const body = JSON.parse(message.slice(duration[0].length)) as { "Query Text"?: string; Plan: PlanNode };
    plans.push({ screen, durationMs: Number(duration[1]), query: body["Query Text"] ?? "", plan: body.Plan });
  }
  return plans;
}

/** The nodes of a plan, depth first (subplans, init plans and CTEs are children like any other). */
function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

/** The sequential scans (parallel ones too) of the given tables in a plan. */
export function seqScansOf(plan: PlanNode, tables: ReadonlySet<string>): PlanNode[] {
  return [...nodes(plan)].filter((node) => node["Node Type"] === "Seq Scan" && tables.has(node["Relation Name"] ?? ""));
}

/** Rows a node read over all its loops: those it returned and those its filter removed. */
export function rowsRead(node: PlanNode): number {
  const loops = node["Actual Loops"] ?? 1;
  return Math.round(((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * loops);
}

/** Rows a node returned over all its loops (its filter's survivors). */
export function rowsKept(node: PlanNode): number {
  return Math.round((node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1));
}

/** The fields shown under a node in the text form, as EXPLAIN's own text output shows them. */
const CONDITIONS = [
  "Index Cond",
  "Recheck Cond",
  "Hash Cond",
  "Merge Cond",
  "Join Filter",
  "Filter",
  "Rows Removed by Filter",
  "Sort Key",
  "Group Key",
];

/** A plan as indented text, one node a line with its estimates and actual figures, then its conditions. */
export function planText(node: PlanNode, depth = 0): string {
  const pad = "  ".repeat(depth);
  const on = node["Relation Name"] ? ` on ${String(node["Relation Name"])}` : "";
  const using = node["Index Name"] ? ` using ${String(node["Index Name"])}` : "";
  const parallel = node["Parallel Aware"] ? "Parallel " : "";
  const figure = (label: string, value: unknown, unit = "") =>
    value === undefined ? [] : [`${label}=${value}${unit}`];
  const estimated = figure("estimated rows", node["Plan Rows"]);
  const actual = [
    ...figure("time", node["Actual Total Time"], " ms"),
    ...figure("rows", node["Actual Rows"]),
    ...figure("loops", node["Actual Loops"]),
  ];
  const lines = [
    `${pad}-> ${parallel}${node["Node Type"]}${on}${using}` +
      (estimated.length > 0 ? `  (${estimated.join(" ")})` : "") +
      (actual.length > 0 ? ` (actual ${actual.join(" ")})` : ""),
  ];
  for (const field of CONDITIONS) {
    const value = node[field];
    if (value === undefined) continue;
    lines.push(`${pad}     ${field}: ${Array.isArray(value) ? value.join(", ") : String(value)}`);
  }
  for (const child of node.Plans ?? []) lines.push(planText(child, depth + 1));
  return lines.join("\n");
}
