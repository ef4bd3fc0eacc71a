import { ReviewQueueSkeleton } from "@/components/review/review-queue-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  return (
    <>
      <PageHeader title="Review" />
      <ReviewQueueSkeleton />
    </>
  );
}
