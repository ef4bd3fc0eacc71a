import Form from "next/form";
import Link from "next/link";

/** The property filter: a GET form, so the filter lives in the address (?property=…) and the server narrows the report. */
export function PropertyFilterForm({ property, choices }: { property?: string; choices: string[] }) {
  return (
    <Form action="/guests" className="flex min-w-0 flex-col gap-1 lg:w-auto" aria-label="Property filter">
      <label htmlFor="guest-property" className="text-sm font-medium text-stone-700">
        Property
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="guest-property"
          name="property"
          list="guest-property-choices"
          defaultValue={property ?? ""}
          placeholder="All your properties"
          autoComplete="off"
          aria-describedby="guest-property-help"
          className="h-10 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-sm sm:w-64 sm:flex-none"
        />
        <datalist id="guest-property-choices">
          {choices.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="submit" className="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
          Show
        </button>
        {property ? (
          <Link href="/guests" className="inline-flex h-10 items-center px-2 text-sm font-medium text-brand-700 underline">
            Clear filter
          </Link>
        ) : null}
      </div>
      <p id="guest-property-help" className="sr-only">
        The whole name; casing and spaces do not matter. Leave empty for all your properties.
      </p>
    </Form>
  );
}
