import Link from "next/link";

import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { AUDIT_ACTIONS } from "@/lib/core/audit";
import type { AuditFilters as Filters } from "@/lib/features/admin/types";

/** A plain GET form: the filters live in the URL, so a filtered view can be bookmarked and shared. */
export function AuditFilters({ filters }: { filters: Filters }) {
  return (
    <form
      method="get"
      action="/admin/audit"
      className={`p-4 ${cardClass}`}
      role="search"
      aria-label="Filter the audit log"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField id="filter-action" name="action" label="Action" defaultValue={filters.action ?? ""}>
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          id="filter-actor"
          name="actor"
          type="search"
          label="Actor e-mail contains"
          defaultValue={filters.actor ?? ""}
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField id="filter-outcome" name="outcome" label="Outcome" defaultValue={filters.outcome ?? ""}>
          <option value="">Any outcome</option>
          <option value="success">Success</option>
          <option value="failure">Failure</option>
        </SelectField>
        <TextField id="filter-from" name="from" type="date" label="From (UTC day)" defaultValue={filters.from ?? ""} />
        <TextField
          id="filter-to"
          name="to"
          type="date"
          label="To (UTC day, included)"
          defaultValue={filters.to ?? ""}
        />
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
