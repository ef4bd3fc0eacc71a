import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

export default function PrivacyRequestNotFound() {
  return (
    <>
      <PageHeader title="No such privacy request" />
      <EmptyState title="Daybook has no privacy request at this address">
        It may have been mistyped.{" "}
        <Link href="/privacy/requests" className={buttonClass("link")}>
          See all privacy requests
        </Link>
        .
      </EmptyState>
    </>
  );
}
