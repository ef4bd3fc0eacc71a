import { Card } from "@/components/ui/card";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";

/** What an admin screen shows under its tabs while its data loads: the title, grey lines in cards. */
export function AdminSkeleton({
  title,
  label,
  cards = 1,
  lines = 6,
}: {
  title: string;
  label: string;
  cards?: number;
  lines?: number;
}) {
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
        <Skeleton className="mt-2 h-4 w-2/3 max-w-xl" />
      </div>
      <div className={cards > 1 ? "grid gap-4 md:grid-cols-3" : "grid gap-6"}>
        {Array.from({ length: cards }, (_, index) => (
          <Card key={index}>
            {index === 0 ? (
              <SkeletonLines lines={lines} label={label} />
            ) : (
              <div className="space-y-2">
                {Array.from({ length: lines }, (_, line) => (
                  <Skeleton key={line} className={`h-4 ${line % 2 ? "w-3/4" : "w-full"}`} />
                ))}
              </div>
            )}
          </Card>
        ))}
      </div>
    </>
  );
}
