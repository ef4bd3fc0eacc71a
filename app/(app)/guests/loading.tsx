import { GUESTS_DESCRIPTION } from "@/components/guests/copy";
import { GuestsSkeleton } from "@/components/guests/guests-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  return (
    <>
      <PageHeader title="Guests" description={GUESTS_DESCRIPTION} />
      <GuestsSkeleton />
    </>
  );
}
