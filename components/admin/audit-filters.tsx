import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { AUDIT_ACTIONS } from "@/lib/core/audit";
import type { AuditFilters as Filters } from "@/lib/features/admin/types";

/** A plain GET form: the filters live in the URL, so a filtered view can be bookmarked and shared. */
export function AuditFilters({ filters }: { filters: Filters }) {
  // Each field is named as its parameter in the URL, and starts from the filter in force.
  const field = (name: keyof Filters) => ({ id: `filter-${name}`, name, defaultValue: filters[name] ?? "" });
  return (
    <form
      method="get"
      action="/admin/audit"
      className={`p-4 ${cardClass}`}
      role="search"
      aria-label="Filter the audit log"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField {...field("action")} label="Action">
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field("actor")}
          type="search"
          label="Actor e-mail contains"
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField {...field("outcome")} label="Outcome">
          <option value="">Any outcome</option>
          <option value="success">Success</option>
          <option value="failure">Failure</option>
        </SelectField>
        <TextField {...field("from")} type="date" label="From (UTC day)" />
        <TextField {...field("to")} type="date" label="To (UTC day, included)" />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        <Link href="/admin/audit" className={`text-sm ${buttonClass("link")}`}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}
