import { GuestsSkeleton } from "@/components/guests/guests-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import { GUESTS_DESCRIPTION } from "@/components/guests/copy";

export default function Loading() {
  return (
    <>
      <PageHeader title="Guests" description={GUESTS_DESCRIPTION} />
      <GuestsSkeleton />
    </>
  );
}
