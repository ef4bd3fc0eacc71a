import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Mail" label="Loading the mail's status and recent sends…" lines={10} />;
}
