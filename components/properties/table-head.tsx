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
    <thead className="bg-stone-50 text-left text-stone-700">
      <tr>
        <th
          scope="col"
          className={`border-b border-stone-200 px-3 py-2 font-medium ${sticky ? "sticky left-0 z-10 min-w-44 bg-stone-50" : ""}`}
        >
          {first}
        </th>
        {figures.map(({ key, label, text }) => (
          <th
            key={key}
            scope="col"
            className={`border-b border-stone-200 px-3 py-2 font-medium ${text ? "" : "text-right"}`}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Figure columns named by their labels. */
export const labelled = (labels: readonly string[]) => labels.map((label) => ({ key: label, label }));
