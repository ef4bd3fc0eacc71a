import Link from "next/link";

import { AUDIT_ACTIONS } from "@/lib/core/audit";
import type { AuditFilters as Filters } from "@/lib/features/admin/types";

import { inputClass, primaryButtonClass, textLinkClass } from "./styles";

/** A plain GET form: the filters live in the URL, so a filtered view can be bookmarked and shared. */
export function AuditFilters({ filters }: { filters: Filters }) {
  return (
    <form
      method="get"
      action="/admin/audit"
      className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
      role="search"
      aria-label="Filter the audit log"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <label htmlFor="filter-action" className="block text-sm font-medium text-stone-800">
            Action
          </label>
          <select id="filter-action" name="action" defaultValue={filters.action ?? ""} className={inputClass}>
            <option value="">All actions</option>
            {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-actor" className="block text-sm font-medium text-stone-800">
            Actor e-mail contains
          </label>
          <input
            id="filter-actor"
            name="actor"
            type="search"
            defaultValue={filters.actor ?? ""}
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="filter-outcome" className="block text-sm font-medium text-stone-800">
            Outcome
          </label>
          <select id="filter-outcome" name="outcome" defaultValue={filters.outcome ?? ""} className={inputClass}>
            <option value="">Any outcome</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className="block text-sm font-medium text-stone-800">
            From (UTC day)
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={filters.from ?? ""} className={inputClass} />
        </div>
        <div>
          <label htmlFor="filter-to" className="block text-sm font-medium text-stone-800">
            To (UTC day, included)
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={filters.to ?? ""} className={inputClass} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className={primaryButtonClass}>
          Apply filters
        </button>
        <Link href="/admin/audit" className={`text-sm ${textLinkClass}`}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}
