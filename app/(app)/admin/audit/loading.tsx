import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Audit log" label="Loading the audit log…" lines={12} />;
}
