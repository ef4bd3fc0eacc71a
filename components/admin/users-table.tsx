import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import type { Formatter } from "@/lib/core/format";
import type { User } from "@/lib/features/admin/types";

import { AdminTable } from "./admin-table";

type UserRow = Pick<
  User,
  "id" | "name" | "email" | "role" | "allProperties" | "properties" | "disabledAt" | "createdAt"
>;

export function StatusBadge({ disabled }: { disabled: boolean }) {
  const t = useTranslations("admin.users");
  return disabled ? (
    <span className="inline-block rounded-full border border-stone-300 bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
      {t("disabled")}
    </span>
  ) : (
    <span className="inline-block rounded-full border border-emerald-200 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
      {t("active")}
    </span>
  );
}

function PropertyAccessSummary({ user }: { user: Pick<User, "allProperties" | "properties"> }) {
  const t = useTranslations("admin.users");
  if (user.allProperties) return <span>{t("allProperties")}</span>;
  if (user.properties.length === 0) return <span className="text-stone-500">{t("noProperties")}</span>;
  return (
    <ul className="space-y-0.5">
      {user.properties.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

// The account's name, a link to change it; "(you)" beside one's own.
function NameLink({ user, currentUserId }: { user: UserRow; currentUserId: string }) {
  const t = useTranslations("admin.users");
  return (
    <>
      <Link href={`/admin/users/${user.id}`} className={buttonClass("link")}>
        {user.name}
      </Link>
      {user.id === currentUserId ? <span className="ml-1 text-xs font-normal text-stone-500">{t("you")}</span> : null}
    </>
  );
}

function Created({ user, format }: { user: UserRow; format: Formatter }) {
  return <time dateTime={user.createdAt.toISOString()}>{format.eventDay(user.createdAt)}</time>;
}

const PADDING = "px-3 py-2";
const td = `${PADDING} align-top`;

/** `format`: the person's, for the days the accounts were created. */
export function UsersTable({
  users,
  currentUserId,
  format,
}: {
  users: readonly UserRow[];
  currentUserId: string;
  format: Formatter;
}) {
  const t = useTranslations("admin.users");
  const tCommon = useTranslations("common");
  if (users.length === 0) {
    return <EmptyState title={t("emptyTitle")}>{t("empty")}</EmptyState>;
  }
  return (
    <>
      <UsersList users={users} currentUserId={currentUserId} format={format} />
      <AdminTable
        label={t("tableLabel")}
        caption={t("caption")}
        columns={[t("name"), t("email"), t("role"), t("access"), t("status"), t("created")]}
        cellPadding={PADDING}
      >
        {users.map((user) => (
          <tr key={user.id} className="hover:bg-stone-50">
            <th scope="row" className={`${td} text-left font-medium`}>
              <NameLink user={user} currentUserId={currentUserId} />
            </th>
            <td className={`${td} whitespace-nowrap`}>{user.email}</td>
            <td className={`${td} whitespace-nowrap`}>{tCommon(`roles.${user.role}`)}</td>
            <td className={`${td} min-w-48`}>
              <PropertyAccessSummary user={user} />
            </td>
            <td className={td}>
              <StatusBadge disabled={user.disabledAt !== null} />
            </td>
            <td className={`${td} whitespace-nowrap`}>
              <Created user={user} format={format} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

/** Phones: one card per account instead of a table too wide to read. */
function UsersList({
  users,
  currentUserId,
  format,
}: {
  users: readonly UserRow[];
  currentUserId: string;
  format: Formatter;
}) {
  const t = useTranslations("admin.users");
  const tCommon = useTranslations("common");
  return (
    <ul aria-label={t("tableLabel")} className="space-y-3 md:hidden">
      {users.map((user) => (
        <li key={user.id} className={`p-4 text-sm ${cardClass}`}>
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium">
              <NameLink user={user} currentUserId={currentUserId} />
            </p>
            <StatusBadge disabled={user.disabledAt !== null} />
          </div>
          <p className="mt-0.5 [overflow-wrap:anywhere] text-stone-700">{user.email}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-stone-500">{t("role")}</dt>
            <dd>{tCommon(`roles.${user.role}`)}</dd>
            <dt className="text-stone-500">{t("properties")}</dt>
            <dd>
              <PropertyAccessSummary user={user} />
            </dd>
            <dt className="text-stone-500">{t("created")}</dt>
            <dd>
              <Created user={user} format={format} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
