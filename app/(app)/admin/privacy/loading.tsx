import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return <AdminSkeleton title="Privacy" label="Loading the privacy policies and the purge log…" lines={10} />;
}
