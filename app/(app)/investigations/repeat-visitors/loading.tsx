import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <>
      <PageHeader title="Repeat visitors" />
      <Skeleton className="h-64" />
    </>
  );
}
