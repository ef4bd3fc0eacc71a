"use client";

import { useTranslations } from "next-intl";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { useFormat } from "@/lib/features/preferences/hooks";

interface ChartPoint {
  label: string;
  value: number;
}

interface BarChartProps {
  kind?: "bars";
  data: readonly ChartPoint[];
  /** What a bar counts, for the tooltip, in the person's language, e.g. "Scans". */
  valueName: string;
  height: number;
}

/** One line of a line chart: `id` is the key of its values in each row (a plain identifier). */
interface LineSeries {
  id: string;
  name: string;
}

/** Several lines over the same days; a null value is a gap in its line, never a zero. */
interface LineChartProps {
  kind: "lines";
  data: readonly ({ label: string } & Record<string, string | number | null>)[];
  series: readonly LineSeries[];
  /** How values read on the axis and in the tooltip: counts, shares in percent, or rates per 100. */
  valueFormat: "count" | "percent" | "rate";
  height: number;
}

export type ChartProps = BarChartProps | LineChartProps;

/**
 * Colours come from app/globals.css, which defines them for the light and the dark theme, so a chart
 * follows the page's theme without drawing again. The lines are distinct at a glance on a card in
 * either theme; the legend and the tooltip name each line as well.
 */
const LINE_COLOURS = Array.from({ length: 12 }, (_, index) => `var(--chart-${index + 1})`);

const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };
const TICK = { fill: "var(--chart-text)", fontSize: 12 };

/**
 * Recharts' own tooltip box is white with black words: it takes the card's surface and text instead,
 * and stands above the legend, which recharts draws after it.
 */
const TOOLTIP = {
  wrapperStyle: { zIndex: 1 },
  contentStyle: {
    backgroundColor: "var(--chart-surface)",
    border: "1px solid var(--chart-grid)",
    borderRadius: 6,
    color: "var(--chart-label)",
    fontSize: 13,
  },
  labelStyle: { color: "var(--chart-label)", fontWeight: 600 },
} as const;

/**
 * What every chart draws under its figures: the grid, the days along the bottom and the values up
 * the side; `minTickGap` between the days' labels (recharts' default without). Elements rather than
 * a component of their own, so that they stay the chart's own children, as recharts expects them.
 */
function axes(y: { width: number; allowDecimals: boolean; format: (value: number) => string }, minTickGap?: number) {
  return [
    <CartesianGrid key="grid" vertical={false} stroke="var(--chart-grid)" />,
    <XAxis
      key="x"
      dataKey="label"
      tickLine={false}
      axisLine={{ stroke: "var(--chart-axis)" }}
      tick={TICK}
      minTickGap={minTickGap}
    />,
    <YAxis
      key="y"
      allowDecimals={y.allowDecimals}
      width={y.width}
      tickLine={false}
      axisLine={false}
      tick={TICK}
      tickFormatter={y.format}
    />,
  ];
}

/** A value on the axis and in the tooltip, in the person's formats: "1,234", "12.5 %", "3.4". */
function useLineValue(valueFormat: LineChartProps["valueFormat"]): (value: number) => string {
  const t = useTranslations("charts");
  const format = useFormat();
  return (value) => {
    if (valueFormat === "count") return format.number(value);
    const figure = format.number(value, { maximumFractionDigits: 1 });
    return valueFormat === "percent" ? t("percent", { value: figure }) : figure;
  };
}

function Lines({ data, series, valueFormat, height }: LineChartProps) {
  const lineValue = useLineValue(valueFormat);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={[...data]} accessibilityLayer={false} margin={MARGIN}>
        {axes(
          {
            width: 48,
            allowDecimals: valueFormat !== "count",
            format: lineValue,
          },
          12,
        )}
        <Tooltip
          {...TOOLTIP}
          cursor={{ stroke: "var(--chart-axis)" }}
          formatter={(value, name) => [typeof value === "number" ? lineValue(value) : String(value), name]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((line, index) => (
          <Line
            key={line.id}
            type="linear"
            dataKey={line.id}
            name={line.name}
            stroke={LINE_COLOURS[index % LINE_COLOURS.length]}
            strokeWidth={2}
            fill="var(--chart-surface)"
            dot={{ r: 2 }}
            activeDot={{ r: 4, stroke: "var(--chart-surface)" }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/**
 * The one place recharts is imported: load it through `LazyChart`, never directly, so that the
 * library stays out of the first load. Purely visual: callers give the same figures in text.
 */
export default function Chart(props: ChartProps) {
  if (props.kind === "lines") return <Lines {...props} />;
  return <Bars {...props} />;
}

function Bars({ data, valueName, height }: BarChartProps) {
  const format = useFormat();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...data]} accessibilityLayer={false} margin={MARGIN}>
        {axes({ width: 44, allowDecimals: false, format: (value) => format.number(value) })}
        <Tooltip
          {...TOOLTIP}
          cursor={{ fill: "var(--chart-cursor)" }}
          formatter={(value) => [typeof value === "number" ? format.number(value) : String(value), valueName]}
        />
        <Bar dataKey="value" name={valueName} fill="var(--chart-bar)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
