/** A dash where a value is missing: in a table's cell or a list's entry. */
export const None = () => <span className="text-stone-400">—</span>;
