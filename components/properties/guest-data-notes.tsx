import { Notice } from "@/components/ui/notice";
import type { GuestDataSection } from "@/lib/features/comparison/server";

/** What a figure drawn from guest data leaves out: removed days, and properties that share a name. */
export function GuestDataNotes({ section }: { section: GuestDataSection<unknown> }) {
  return (
    <>
      {section.retentionNote ? (
        <div className="mb-3" data-testid="retention-note">
          <Notice tone="info" title="Older guest data is removed">
            {section.retentionNote}
          </Notice>
        </div>
      ) : null}
      {section.sharedNames.length > 0 ? (
        <p className="mt-2 text-xs text-stone-600">
          {section.sharedNames.join(", ")}: several of your properties share this name, and criminal arrivals and
          sign-offs name a property only, so their figures are counted together.
        </p>
      ) : null}
    </>
  );
}
