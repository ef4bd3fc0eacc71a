import { RequestSkeleton } from "@/components/privacy/request-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  return (
    <>
      <PageHeader title="Privacy request" />
      <RequestSkeleton label="Loading the privacy request…" />
    </>
  );
}
