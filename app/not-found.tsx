import Link from "next/link";

import { EmptyState } from "@/components/ui/empty-state";

export default function NotFound() {
  return (
    <EmptyState title="There is no page at this address">
      <Link href="/" className="text-brand-700 underline">
        Back to the overview
      </Link>
    </EmptyState>
  );
}
