import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="My settings" label="Loading your mail settings…" lines={8} />;
}
