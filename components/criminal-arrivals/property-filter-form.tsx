import Form from "next/form";
import Link from "next/link";

/** The property filter lives in the address (`?property=`), so a filtered view can be shared and reloaded. */
export function PropertyFilterForm({ property, suggestions }: { property?: string; suggestions: readonly string[] }) {
  return (
    <Form
      action="/criminal-arrivals"
      className="space-y-1 rounded-lg border border-stone-200 bg-white p-4"
      role="search"
      aria-label="Property filter"
    >
      <label htmlFor="ca-property" className="block text-sm font-medium text-stone-800">
        Property
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          key={property ?? ""}
          id="ca-property"
          name="property"
          type="text"
          defaultValue={property ?? ""}
          list={suggestions.length ? "ca-property-names" : undefined}
          autoComplete="off"
          aria-describedby="ca-property-help"
          className="min-w-0 flex-1 basis-64 rounded-md border border-stone-300 px-3 py-2 text-sm"
        />
        {suggestions.length ? (
          <datalist id="ca-property-names">
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        ) : null}
        <div className="flex items-center gap-3">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Show
          </button>
          {property ? (
            <Link href="/criminal-arrivals" className="text-sm font-medium text-brand-700 underline">
              Clear filter
            </Link>
          ) : null}
        </div>
      </div>
      <p id="ca-property-help" className="text-xs text-stone-600">
        The whole name of one property; casing and spaces do not matter. Leave empty for all your properties.
      </p>
    </Form>
  );
}
