import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

import { stateKey, stateTone } from "./request-words";

/** The request's state in words (and "Overdue" for an open one past its due date). */
export function RequestStateBadge({ request }: { request: PrivacyRequestView }) {
  const t = useTranslations("privacy.states");
  return (
    <span data-testid="request-state">
      <Badge tone={stateTone(request)}>
        {request.overdue ? <span aria-hidden>{"⚠\u00a0"}</span> : null}
        {t(stateKey(request))}
      </Badge>
    </span>
  );
}
