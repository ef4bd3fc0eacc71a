import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Sync" label="Loading the schedule and the pulls…" lines={10} />;
}
