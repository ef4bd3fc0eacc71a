import { ColumnHeads } from "@/components/ui/column-heads";

/**
 * The head of a comparison table: the row label's column, then figure columns aligned right (words:
 * `text`). Labels come in the person's language.
 */
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
