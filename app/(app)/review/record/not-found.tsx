import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";

/** A list Daybook does not hold, or of a property the person does not see: the same words for both. */
export default function RecordNotFound() {
  return (
    <>
      <PageHeader title="Sign-off record" />
      <EmptyState title="No stored list to make a record of">
        Daybook holds no stored criminal-arrival list for that property and day that is available to you.{" "}
        <Link href="/review" className={buttonClass("link")}>
          Back to the review queue
        </Link>
      </EmptyState>
    </>
  );
}
