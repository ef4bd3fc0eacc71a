"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button, buttonClass } from "@/components/ui/button";
import { CodeField, TextField } from "@/components/ui/field";
import { EventInstant } from "@/components/ui/instants";
import {
  confirmSecondFactor,
  disableSecondFactor,
  newRecoveryCodes,
  startSecondFactor,
} from "@/lib/features/account/actions";
import type { AccountSecurity } from "@/lib/features/account/types";

import { RecoveryCodes } from "./recovery-codes";

/**
 * Two-factor sign-in with an authenticator app: set it up (QR code or key, then a first code), or,
 * once on, make new recovery codes or turn it off. With `continueTo` (the account set-up), the
 * recovery codes are followed by a way on.
 */
export function TwoFactorSection({ security, continueTo }: { security: AccountSecurity; continueTo?: string }) {
  if (security.secondFactor.enabled) return <TwoFactorOn security={security} />;
  return <TwoFactorSetUp continueTo={continueTo} />;
}

function TwoFactorSetUp({ continueTo }: { continueTo?: string }) {
  const t = useTranslations("account.twoFactor");
  const [started, start, starting] = useActionState(startSecondFactor, null);
  const [confirmed, confirm, confirming] = useActionState(confirmSecondFactor, null);
  const codeFields = { code: { id: "totp-code", label: t("code") } };
  if (confirmed?.ok && confirmed.data) {
    return (
      <div className="space-y-4">
        <FormSummary result={confirmed} fields={codeFields} successTitle={t("isOn")} />
        {/* On the account set-up the codes sit under the page's h1; on the Account page, under its card's h2. */}
        <RecoveryCodes codes={confirmed.data.recoveryCodes} headingLevel={continueTo ? 2 : 3} />
        {continueTo ? (
          <a href={continueTo} className={buttonClass("primary")}>
            {t("continue")}
          </a>
        ) : null}
      </div>
    );
  }
  if (!started?.ok || !started.data) {
    return (
      <form action={start} className="space-y-3" aria-busy={starting}>
        <FormSummary result={started} fields={{}} />
        <p className="text-sm text-stone-700">{t("intro")}</p>
        <Button type="submit" variant="primary" disabled={starting}>
          {starting ? t("preparing") : t("setUp")}
        </Button>
      </form>
    );
  }
  const { secret, qrDataUrl } = started.data;
  return (
    <form action={confirm} noValidate className="space-y-4" aria-busy={confirming}>
      <FormSummary result={confirmed} fields={codeFields} />
      <ol className="list-decimal space-y-3 pl-5 text-sm text-stone-700">
        <li>
          {t("scan")}
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server; the image optimiser is off */}
          <img
            src={qrDataUrl}
            alt={t("qrAlt")}
            width={176}
            height={176}
            className="mt-2 rounded-md border border-stone-200 bg-white p-1"
          />
        </li>
        <li>
          {t.rich("typeKey", {
            key: () => (
              <code data-testid="totp-secret" className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-stone-900">
                {secret}
              </code>
            ),
          })}
        </li>
        <li>{t("enterCode")}</li>
      </ol>
      <CodeField id="totp-code" label={t("code")} className="max-w-40" error={fieldErrorsOf(confirmed).code} />
      <Button type="submit" variant="primary" disabled={confirming}>
        {confirming ? t("checking") : t("turnOn")}
      </Button>
    </form>
  );
}

function TwoFactorOn({ security }: { security: AccountSecurity }) {
  const t = useTranslations("account.twoFactor");
  const [codes, makeCodes, making] = useActionState(newRecoveryCodes, null);
  const [disabled, disable, disabling] = useActionState(disableSecondFactor, null);
  const [showDisable, setShowDisable] = useState(false);
  if (disabled?.ok) return <FormSummary result={disabled} fields={{}} successTitle={t("isOff")} />;
  const { enabledAt, recoveryCodesLeft } = security.secondFactor;
  const left = codes?.ok && codes.data ? codes.data.recoveryCodes.length : recoveryCodesLeft;
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-700" data-testid="two-factor-status">
        {enabledAt
          ? t.rich("statusSince", { left, since: () => <EventInstant at={enabledAt} /> })
          : t("status", { left })}
      </p>
      <form action={makeCodes} noValidate className="space-y-3" aria-busy={making}>
        <h3 className="text-sm font-semibold text-stone-900">{t("newCodes")}</h3>
        <FormSummary result={codes} fields={{ code: { id: "recovery-totp-code", label: t("code") } }} />
        {codes?.ok && codes.data ? <RecoveryCodes codes={codes.data.recoveryCodes} /> : null}
        <CodeField
          id="recovery-totp-code"
          label={t("code")}
          hint={t("replaceHint")}
          className="max-w-40"
          error={fieldErrorsOf(codes).code}
        />
        <Button type="submit" variant="secondary" disabled={making}>
          {making ? t("making") : t("make")}
        </Button>
      </form>
      {security.secondFactorRequired ? (
        <p className="text-sm text-stone-700">{t("required")}</p>
      ) : showDisable ? (
        <form action={disable} noValidate className="space-y-3" aria-busy={disabling}>
          <h3 className="text-sm font-semibold text-stone-900">{t("turnOff")}</h3>
          <FormSummary
            result={disabled}
            fields={{ currentPassword: { id: "disable-password", label: t("passwordShort") } }}
          />
          <TextField
            id="disable-password"
            name="currentPassword"
            type="password"
            label={t("yourPassword")}
            autoComplete="current-password"
            error={fieldErrorsOf(disabled).currentPassword}
            required
          />
          <Button type="submit" variant="danger" disabled={disabling}>
            {disabling ? t("turningOff") : t("turnOff")}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="danger" onClick={() => setShowDisable(true)}>
          {t("turnOffOpen")}
        </Button>
      )}
    </div>
  );
}
