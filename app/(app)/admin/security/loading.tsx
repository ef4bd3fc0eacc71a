import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Security" label="Loading the security settings…" lines={4} />;
}
