"use client";

import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";

import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/errors";
import {
  closeRequestAction,
  eraseRequestAction,
  liftRestrictionAction,
  restrictRequestAction,
} from "@/lib/features/privacy-requests/actions";
import { useRequestExport } from "@/lib/features/privacy-requests/hooks";
import type { PersonPlaces, PrivacyRequestView } from "@/lib/features/privacy-requests/types";

import { placesSummary } from "./request-places";

type Step = "erase" | "restrict" | "lift" | "withdrawn" | "refused";

/** A step's words in the catalogue (`privacy.answer.steps`): its button, confirmation and explanation. */
type StepPart = "button" | "confirm" | "question" | "pending" | "explain";
const stepKey = (step: Step, part: StepPart) => `steps.${step}.${part}` as const;

/** How a step's buttons look: the ones that change what Daybook holds for good are red. */
const TONES: Record<Step, "danger" | "secondary"> = {
  erase: "danger",
  restrict: "danger",
  lift: "secondary",
  withdrawn: "secondary",
  refused: "secondary",
};

function run(step: Step, id: number, reason: string): Promise<ActionResult> {
  switch (step) {
    case "erase":
      return eraseRequestAction({ id, reason });
    case "restrict":
      return restrictRequestAction({ id, reason });
    case "lift":
      return liftRestrictionAction({ id, reason });
    default:
      return closeRequestAction({ id, reason, state: step });
  }
}

/** A destructive step opened on purpose: what it will do in words and counts, and a reason it will not go without. */
function Confirmation({
  step,
  summary,
  pending,
  onConfirm,
  onCancel,
}: {
  step: Step;
  summary: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("privacy.answer");
  const [reason, setReason] = useState("");
  const ids = useId();
  return (
    <form
      className="space-y-3 rounded-lg border border-stone-300 bg-stone-50 p-4"
      aria-labelledby={`${ids}-title`}
      data-testid="request-confirmation"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason);
      }}
    >
      <p id={`${ids}-title`} className="font-semibold text-stone-900">
        {t(stepKey(step, "question"))}
      </p>
      <p className="text-sm text-stone-700" data-testid="confirmation-explains">
        {t(stepKey(step, "explain"), { summary })}
      </p>
      <TextAreaField
        id={`${ids}-reason`}
        label={t("reason")}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        maxLength={500}
        required
        disabled={pending}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={TONES[step] === "danger" ? "danger" : "primary"}
          disabled={pending || !reason.trim()}
        >
          {pending ? t(stepKey(step, "pending")) : t(stepKey(step, "confirm"))}
        </Button>
        <Button onClick={onCancel} disabled={pending}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/**
 * The request's steps: export (the archive), erase, restrict, lift, close. Each that changes what
 * Daybook holds asks for a reason first and says what it will do; a legal hold disables erasure
 * and says why. The server checks everything again.
 */
export function RequestActions({ request, places }: { request: PrivacyRequestView; places: PersonPlaces | null }) {
  const t = useTranslations("privacy.answer");
  const words = useTranslations("privacy");
  const [open, setOpen] = useState<Step | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const archive = useRequestExport(request.id);
  const summary = places ? placesSummary(places, words) : t("storedArrivals");
  const held = places !== null && places.arrivals.length > 0;
  const holds = places?.legalHolds ?? [];
  const isOpen = request.state === "open";

  // A request does what its kind asks (the server refuses anything else): an erasure request erases,
  // a restriction request restricts and is later lifted; any open request may be closed unanswered.
  const acting = held && isOpen && request.searchable;
  const available: { step: Step; show: boolean }[] = [
    { step: "restrict", show: acting && request.kind === "restriction" },
    { step: "lift", show: request.restrictionActive },
    { step: "erase", show: acting && request.kind === "erasure" },
    { step: "withdrawn", show: isOpen },
    { step: "refused", show: isOpen },
  ];

  const confirm = (step: Step) => (reason: string) =>
    startTransition(async () => {
      const answer = await run(step, request.id, reason);
      setResult(answer);
      if (answer.ok) setOpen(null);
    });

  return (
    <section aria-labelledby="request-actions-heading" className="space-y-3">
      <h2 id="request-actions-heading" className="text-lg font-semibold text-stone-900">
        {t("heading")}
      </h2>
      {result ? (
        <div data-testid="request-result">
          {result.ok ? (
            <Notice tone="info" title={t("done")}>
              {result.message}
            </Notice>
          ) : (
            <Notice tone="error" title={t("notDone")}>
              {result.message}
            </Notice>
          )}
        </div>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        {request.searchable ? (
          <Button
            variant="primary"
            onClick={() => void archive.download()}
            disabled={archive.state.status === "pending"}
            aria-describedby="request-export-hint"
          >
            <span aria-hidden>{"↓"}</span>
            {archive.state.status === "pending" ? t("preparing") : t("export")}
          </Button>
        ) : null}
        {available
          .filter((entry) => entry.show)
          .map(({ step }) => {
            const refused = step === "erase" && holds.length > 0;
            return (
              <Button
                key={step}
                variant={TONES[step] === "danger" ? "danger" : "secondary"}
                onClick={() => {
                  setResult(null);
                  setOpen(step);
                }}
                disabled={pending || refused}
                aria-expanded={open === step}
                aria-describedby={refused ? "erase-refused" : undefined}
              >
                {t(stepKey(step, "button"))}
              </Button>
            );
          })}
      </div>
      {request.searchable ? (
        <p id="request-export-hint" className="text-sm text-stone-600">
          {t("exportHint")}
        </p>
      ) : null}
      {archive.state.status === "failed" ? (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="export-error">
          <span aria-hidden>{"⚠ "}</span>
          {archive.state.message}
        </p>
      ) : null}
      {holds.length > 0 && acting && request.kind === "erasure" ? (
        <p id="erase-refused" className="text-sm text-amber-900" data-testid="erase-refused">
          {t("eraseRefused", {
            holds: holds.map((hold) => t("hold", { policy: hold.policy, reason: hold.reason })).join("; "),
          })}
        </p>
      ) : null}
      {open ? (
        <Confirmation
          key={open}
          step={open}
          summary={summary}
          pending={pending}
          onConfirm={confirm(open)}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
