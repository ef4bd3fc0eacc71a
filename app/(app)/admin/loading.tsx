import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Admin" label="Loading the admin overview…" cards={3} lines={3} />;
}
