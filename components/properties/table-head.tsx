import { ColumnHeads } from "@/components/ui/column-heads";

/** The head of a comparison table: the row label's column, then figure columns aligned right (words: `text`). */
export function TableHead({
  first,
  figures,
  sticky = false,
}: {
  first: string;
  figures: readonly { key: string; label: string; text?: boolean }[];
  sticky?: boolean;
}) {
  return (
    <ColumnHeads
      className="bg-stone-50 text-left text-stone-700"
      cellClassName="border-b border-stone-200 px-3 py-2 font-medium"
      columns={[
        { key: first, label: first, className: sticky ? "sticky left-0 z-10 min-w-44 bg-stone-50" : undefined },
        ...figures.map(({ key, label, text }) => ({ key, label, className: text ? undefined : "text-right" })),
      ]}
    />
  );
}

/** Figure columns named by their labels. */
export const labelled = (labels: readonly string[]) => labels.map((label) => ({ key: label, label }));
