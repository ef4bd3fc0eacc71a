import { connection } from "next/server";

import { Notice } from "@/components/ui/notice";
import type { Viewer } from "@/lib/core/access";
import type { DayParam } from "@/lib/core/days";
import { getSideBySide } from "@/lib/features/comparison/server";
import { exportAccessOf } from "@/lib/features/export/access";
import { loadForPage } from "@/lib/server/http/failure";

import { HeadlineChanges } from "./headline-changes";
import { ReportSource } from "./report-source";
import { ComparisonSection } from "./section";
import { SectionFailure } from "./section-failure";
import { SideBySideTable } from "./side-by-side-table";

const ID = "side-by-side";

/** Yesterday live (or the chosen stored day), property by property, against the stored day before. */
export async function SideBySideSection({ viewer, day }: { viewer: Viewer; day: DayParam }) {
  await connection();
  const loaded = await loadForPage(() => getSideBySide(viewer, day));
  const title = day.kind === "day" ? "The chosen day side by side" : "Yesterday side by side";
  if (!loaded.ok) {
    return (
      <ComparisonSection id={ID} title={title}>
        <SectionFailure
          loaded={loaded}
          isAdmin={viewer.role === "admin"}
          what={day.kind === "live" ? "yesterday's usage summary" : "that day"}
        />
      </ComparisonSection>
    );
  }
  const data = loaded.data;
  return (
    <ComparisonSection id={ID} title={title} description={<ReportSource data={data} />}>
      {data.message !== null ? (
        <div className="mb-4">
          <Notice tone="info" title="Notice from the Partner API">
            <p>{data.message}</p>
          </Notice>
        </div>
      ) : null}
      {data.rows.length === 0 ? (
        <p className="text-sm text-stone-700">There are no properties to compare: none of yours is in this report.</p>
      ) : (
        <div className="space-y-4">
          <HeadlineChanges data={data} />
          <SideBySideTable data={data} canExport={exportAccessOf(viewer.role).csv} />
        </div>
      )}
    </ComparisonSection>
  );
}
