import { useTranslations } from "next-intl";

export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded bg-stone-200 ${className}`} />;
}

/** A block of grey lines standing in for text that is on its way. */
export function SkeletonLines({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={`h-4 ${i % 3 === 2 ? "w-1/2" : i % 2 ? "w-3/4" : "w-full"}`} />
      ))}
    </div>
  );
}

/** A screen that names nothing while it loads: a title's bar, a few lines, a block. */
export function ScreenSkeleton() {
  const t = useTranslations("ui");
  return (
    <div className="space-y-6">
      <Skeleton className="h-8 w-48" />
      <SkeletonLines lines={3} label={t("loading")} />
      <Skeleton className="h-64" />
    </div>
  );
}
