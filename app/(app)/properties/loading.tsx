import { PropertiesSkeleton } from "@/components/properties/section";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  return (
    <>
      <PageHeader title="Properties" />
      <PropertiesSkeleton />
    </>
  );
}
