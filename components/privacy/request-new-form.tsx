"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/core/errors";
import { REQUEST_KINDS, type RequestKind } from "@/lib/core/privacy";
import { openRequestAction } from "@/lib/features/privacy-requests/actions";
import { PERSON_BY, type PersonBy as By } from "@/lib/features/privacy-requests/person-by";

/**
 * Records a guest's request. Who it is for (name and date of birth, or a document number) is sent in
 * the server action's POST body only; once recorded, the page goes to the request by its number, so
 * nothing of the person is ever in an address, the browser's history or a server's access log.
 */
export function NewRequestForm({ today }: { today: string }) {
  const t = useTranslations("privacy.newRequest");
  const kinds = useTranslations("privacy.kinds");
  const ids = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<{ id: number }> | null>(null);
  const [kind, setKind] = useState<RequestKind>("access");
  const [by, setBy] = useState<By>("name and date of birth");
  const [reference, setReference] = useState("");
  const [receivedOn, setReceivedOn] = useState(today);
  const [name, setName] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [documentNumber, setDocumentNumber] = useState("");
  const errors = fieldErrorsOf(result);
  const id = (field: string) => `${ids}-${field}`;
  const fields = {
    kind: { id: id("kind"), label: t("kind") },
    reference: { id: id("reference"), label: t("reference") },
    receivedOn: { id: id("receivedOn"), label: t("receivedOn") },
    by: { id: id("by-name"), label: t("by") },
    name: { id: id("name"), label: t("name") },
    dateOfBirth: { id: id("dateOfBirth"), label: t("dateOfBirth") },
    documentNumber: { id: id("documentNumber"), label: t("documentNumber") },
  };

  return (
    <form
      className="space-y-4"
      aria-labelledby={`${ids}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const person = by === "name and date of birth" ? { name, dateOfBirth } : { documentNumber };
        startTransition(async () => {
          const answer = await openRequestAction({ kind, reference, receivedOn, by, ...person });
          setResult(answer);
          if (answer.ok && answer.data) {
            // The typed details leave the page's memory before it moves on.
            setName("");
            setDateOfBirth("");
            setDocumentNumber("");
            router.push(`/privacy/requests/${answer.data.id}`);
          }
        });
      }}
    >
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-stone-900">
        {t("heading")}
      </h2>
      <FormSummary result={result} fields={fields} successTitle={t("recorded")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id={fields.kind.id}
          label={fields.kind.label}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as RequestKind)}
          error={errors.kind}
          disabled={pending}
        >
          {REQUEST_KINDS.map((option) => (
            <option key={option} value={option}>
              {kinds(option)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={fields.reference.id}
          label={t("referenceOptional")}
          name="reference"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          hint={t("referenceHint")}
          error={errors.reference}
          maxLength={100}
          autoComplete="off"
          disabled={pending}
        />
        <TextField
          id={fields.receivedOn.id}
          label={fields.receivedOn.label}
          name="receivedOn"
          type="date"
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.target.value)}
          hint={t("receivedOnHint")}
          error={errors.receivedOn}
          required
          disabled={pending}
        />
      </div>
      <fieldset className="space-y-3" aria-describedby={`${ids}-by-hint`}>
        <legend className="text-sm font-medium text-stone-800">{fields.by.label}</legend>
        <p id={`${ids}-by-hint`} className="text-sm text-stone-600">
          {t("byHint")}
        </p>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {PERSON_BY.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                id={option === "name and date of birth" ? fields.by.id : id("by-document")}
                type="radio"
                name="by"
                value={option}
                checked={by === option}
                onChange={() => setBy(option)}
                disabled={pending}
                className="size-4 accent-brand-600"
              />
              {option === "name and date of birth" ? t("byName") : t("byDocument")}
            </label>
          ))}
        </div>
        {by === "name and date of birth" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={fields.name.id}
              label={fields.name.label}
              name="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              hint={t("nameHint")}
              error={errors.name}
              autoComplete="off"
              required
              disabled={pending}
            />
            <TextField
              id={fields.dateOfBirth.id}
              label={fields.dateOfBirth.label}
              name="dateOfBirth"
              type="date"
              value={dateOfBirth}
              onChange={(event) => setDateOfBirth(event.target.value)}
              error={errors.dateOfBirth}
              autoComplete="off"
              required
              disabled={pending}
            />
          </div>
        ) : (
          <div className="max-w-sm">
            <TextField
              id={fields.documentNumber.id}
              label={fields.documentNumber.label}
              name="documentNumber"
              value={documentNumber}
              onChange={(event) => setDocumentNumber(event.target.value)}
              hint={t("documentNumberHint")}
              error={errors.documentNumber}
              autoComplete="off"
              spellCheck={false}
              required
              disabled={pending}
            />
          </div>
        )}
      </fieldset>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("recording") : t("submit")}
      </Button>
    </form>
  );
}
