import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";

export default function NotFound() {
  return (
    <EmptyState title="There is no page at this address">
      <Link href="/" className={buttonClass("link")}>
        Back to the overview
      </Link>
    </EmptyState>
  );
}
