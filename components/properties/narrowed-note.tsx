import { Notice } from "@/components/ui/notice";
import type { Viewer } from "@/lib/core/access";

/** For a person who sees part of the group: whose figures these are, and why the API's own changes are missing. */
export function NarrowedNote({ viewer }: { viewer: Viewer }) {
  if (viewer.allProperties) return null;
  const count = viewer.properties.length;
  return (
    <div data-testid="narrowed-note">
      <Notice tone="info" title="Your properties only">
        {count === 0 ? (
          <p>
            Your account is not linked to any property yet, so there is nothing to compare. Your Daybook admin can add
            some.
          </p>
        ) : (
          <p>
            You compare the {count === 1 ? "property" : `${count} properties`} your account is linked to:{" "}
            {viewer.properties.join(", ")}. Other properties are left out of every figure here, and the API&apos;s own
            change against the day before, which covers the whole group, does not apply; Daybook computes its own from
            the days it stored.
          </p>
        )}
      </Notice>
    </div>
  );
}
