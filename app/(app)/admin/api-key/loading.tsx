import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="API key" label="Loading the API key…" lines={4} />;
}
