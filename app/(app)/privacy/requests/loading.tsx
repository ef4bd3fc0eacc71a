import { RequestSkeleton } from "@/components/privacy/request-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  return (
    <>
      <PageHeader title="Privacy requests" />
      <RequestSkeleton label="Loading the privacy requests…" />
    </>
  );
}
