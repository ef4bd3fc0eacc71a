"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface ChartPoint {
  label: string;
  value: number;
}

export interface ChartProps {
  data: readonly ChartPoint[];
  /** What a bar counts, for the tooltip, e.g. "Scans". */
  valueName: string;
  height: number;
}

const countFormat = new Intl.NumberFormat("en-US");

/**
 * The one place recharts is imported: load it through `LazyChart`, never directly, so that the
 * library stays out of the first load. Purely visual: callers give the same figures in text.
 */
export default function Chart({ data, valueName, height }: ChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...data]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="#e7e5e4" />
        <XAxis dataKey="label" tickLine={false} axisLine={{ stroke: "#a8a29e" }} tick={{ fill: "#57534e", fontSize: 12 }} />
        <YAxis
          allowDecimals={false}
          width={44}
          tickLine={false}
          axisLine={false}
          tick={{ fill: "#57534e", fontSize: 12 }}
          tickFormatter={(value: number) => countFormat.format(value)}
        />
        <Tooltip
          cursor={{ fill: "#f5f5f4" }}
          formatter={(value) => [typeof value === "number" ? countFormat.format(value) : String(value), valueName]}
        />
        <Bar dataKey="value" name={valueName} fill="#1f6f62" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
