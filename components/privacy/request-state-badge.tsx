import { Badge } from "@/components/ui/badge";
import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

import { stateTone, stateWords } from "./request-words";

/** The request's state in words (and "Overdue" for an open one past its due date). */
export function RequestStateBadge({ request }: { request: PrivacyRequestView }) {
  return (
    <span data-testid="request-state">
      <Badge tone={stateTone(request)}>
        {request.overdue ? <span aria-hidden>⚠&nbsp;</span> : null}
        {stateWords(request)}
      </Badge>
    </span>
  );
}
