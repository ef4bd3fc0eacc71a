import Link from "next/link";

import { AdminNav } from "@/components/admin/admin-nav";
import { textLinkClass } from "@/components/admin/styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export default function AccountNotFound() {
  return (
    <>
      <AdminNav />
      <PageHeader title="No such account" />
      <EmptyState title="Daybook has no account at this address">
        It may have been mistyped.{" "}
        <Link href="/admin/users" className={textLinkClass}>
          See all users
        </Link>
        .
      </EmptyState>
    </>
  );
}
