import { AdminSkeleton } from "@/components/admin/admin-skeleton";

export default function Loading() {
  return (
    <AdminSkeleton title="New account" label="Asking the Partner API which properties the key reaches…" lines={10} />
  );
}
