import { GuestsSkeleton } from "@/components/guests/guests-skeleton";

export default function Loading() {
  return <GuestsSkeleton />;
}
