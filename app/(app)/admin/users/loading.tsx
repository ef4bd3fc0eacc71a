import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Users" label="Loading the accounts…" lines={8} />;
}
