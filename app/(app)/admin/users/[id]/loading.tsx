import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Account" label="Loading the account…" lines={8} />;
}
