import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

export default function AccountNotFound() {
  return (
    <>
      <PageHeader title="No such account" />
      <EmptyState title="Daybook has no account at this address">
        It may have been mistyped.{" "}
        <Link href="/admin/users" className={buttonClass("link")}>
          See all users
        </Link>
        .
      </EmptyState>
    </>
  );
}
