import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <>
      <PageHeader title="Banned after the stay" />
      <Skeleton className="h-64" />
    </>
  );
}
