import Link from "next/link";

import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ROLE_LABELS } from "@/lib/core/access";
import { formatUtcDate } from "@/lib/core/format";
import type { User } from "@/lib/features/admin/types";

type UserRow = Pick<
  User,
  "id" | "name" | "email" | "role" | "allProperties" | "properties" | "disabledAt" | "createdAt"
>;

export function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className="inline-block rounded-full border border-stone-300 bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
      Disabled
    </span>
  ) : (
    <span className="inline-block rounded-full border border-emerald-200 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
      Active
    </span>
  );
}

function PropertyAccessSummary({ user }: { user: Pick<User, "allProperties" | "properties"> }) {
  if (user.allProperties) return <span>All properties</span>;
  if (user.properties.length === 0) return <span className="text-stone-500">No properties</span>;
  return (
    <ul className="space-y-0.5">
      {user.properties.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-500";
const td = "px-3 py-2 align-top";

export function UsersTable({ users, currentUserId }: { users: readonly UserRow[]; currentUserId: string }) {
  if (users.length === 0) {
    return <EmptyState title="No accounts yet">Create the first one with “New account”.</EmptyState>;
  }
  return (
    <>
      <UsersList users={users} currentUserId={currentUserId} />
      <div role="region" aria-label="Accounts" tabIndex={0} className={`hidden overflow-x-auto md:block ${cardClass}`}>
        <table className="min-w-full divide-y divide-stone-200 text-sm">
          <caption className="sr-only">Accounts, by e-mail. Open a name to change the account.</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={th}>
                Name
              </th>
              <th scope="col" className={th}>
                E-mail
              </th>
              <th scope="col" className={th}>
                Role
              </th>
              <th scope="col" className={th}>
                Property access
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Created
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {users.map((user) => (
              <tr key={user.id} className="hover:bg-stone-50">
                <th scope="row" className={`${td} text-left font-medium`}>
                  <Link href={`/admin/users/${user.id}`} className={buttonClass("link")}>
                    {user.name}
                  </Link>
                  {user.id === currentUserId ? (
                    <span className="ml-1 text-xs font-normal text-stone-500">(you)</span>
                  ) : null}
                </th>
                <td className={`${td} whitespace-nowrap`}>{user.email}</td>
                <td className={`${td} whitespace-nowrap`}>{ROLE_LABELS[user.role]}</td>
                <td className={`${td} min-w-48`}>
                  <PropertyAccessSummary user={user} />
                </td>
                <td className={td}>
                  <StatusBadge disabled={user.disabledAt !== null} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={user.createdAt.toISOString()}>{formatUtcDate(user.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Phones: one card per account instead of a table too wide to read. */
function UsersList({ users, currentUserId }: { users: readonly UserRow[]; currentUserId: string }) {
  return (
    <ul aria-label="Accounts" className="space-y-3 md:hidden">
      {users.map((user) => (
        <li key={user.id} className={`p-4 text-sm ${cardClass}`}>
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium">
              <Link href={`/admin/users/${user.id}`} className={buttonClass("link")}>
                {user.name}
              </Link>
              {user.id === currentUserId ? (
                <span className="ml-1 text-xs font-normal text-stone-500">(you)</span>
              ) : null}
            </p>
            <StatusBadge disabled={user.disabledAt !== null} />
          </div>
          <p className="mt-0.5 [overflow-wrap:anywhere] text-stone-700">{user.email}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-stone-500">Role</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
            <dt className="text-stone-500">Properties</dt>
            <dd>
              <PropertyAccessSummary user={user} />
            </dd>
            <dt className="text-stone-500">Created</dt>
            <dd>
              <time dateTime={user.createdAt.toISOString()}>{formatUtcDate(user.createdAt)}</time>
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
