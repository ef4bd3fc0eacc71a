import { ScreenSkeleton } from "@/components/ui/skeleton";

/**
 * While Account loads. There is no loading state for the signed-in group as a whole: one would make
 * every screen's first paint that skeleton, and its title and description a second paint later.
 */
export default function Loading() {
  return <ScreenSkeleton />;
}
