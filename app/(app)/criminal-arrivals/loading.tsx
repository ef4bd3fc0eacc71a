import { CriminalArrivalsSkeleton } from "@/components/criminal-arrivals/criminal-arrivals-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  return (
    <>
      <PageHeader title="Criminal arrivals" />
      <CriminalArrivalsSkeleton />
    </>
  );
}
