"use client";

import { useActionState, useState } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button, buttonClass } from "@/components/ui/button";
import { CodeField, TextField } from "@/components/ui/field";
import { UtcInstant } from "@/components/ui/utc-instant";
import {
  confirmSecondFactor,
  disableSecondFactor,
  newRecoveryCodes,
  startSecondFactor,
} from "@/lib/features/account/actions";
import type { AccountSecurity } from "@/lib/features/account/types";

import { RecoveryCodes } from "./recovery-codes";

const CODE_FIELDS = { code: { id: "totp-code", label: "Code from your app" } };

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
  const [started, start, starting] = useActionState(startSecondFactor, null);
  const [confirmed, confirm, confirming] = useActionState(confirmSecondFactor, null);
  if (confirmed?.ok && confirmed.data) {
    return (
      <div className="space-y-4">
        <FormSummary result={confirmed} fields={CODE_FIELDS} successTitle="Two-factor sign-in is on" />
        {/* On the account set-up the codes sit under the page's h1; on the Account page, under its card's h2. */}
        <RecoveryCodes codes={confirmed.data.recoveryCodes} headingLevel={continueTo ? 2 : 3} />
        {continueTo ? (
          <a href={continueTo} className={buttonClass("primary")}>
            I have saved my recovery codes: continue
          </a>
        ) : null}
      </div>
    );
  }
  if (!started?.ok || !started.data) {
    return (
      <form action={start} className="space-y-3" aria-busy={starting}>
        <FormSummary result={started} fields={{}} />
        <p className="text-sm text-stone-700">
          After your password, Daybook asks for a 6-digit code from an authenticator app on your phone (such as Google
          Authenticator, Microsoft Authenticator or 1Password).
        </p>
        <Button type="submit" variant="primary" disabled={starting}>
          {starting ? "Preparing…" : "Set up two-factor sign-in"}
        </Button>
      </form>
    );
  }
  const { secret, qrDataUrl } = started.data;
  return (
    <form action={confirm} noValidate className="space-y-4" aria-busy={confirming}>
      <FormSummary result={confirmed} fields={CODE_FIELDS} />
      <ol className="list-decimal space-y-3 pl-5 text-sm text-stone-700">
        <li>
          Scan this QR code with your authenticator app.
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server; the image optimiser is off */}
          <img
            src={qrDataUrl}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="mt-2 rounded-md border border-stone-200 bg-white p-1"
          />
        </li>
        <li>
          Or type this key into the app:{" "}
          <code data-testid="totp-secret" className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-stone-900">
            {secret}
          </code>
        </li>
        <li>Enter the code the app shows now, to check that it works.</li>
      </ol>
      <CodeField id="totp-code" label="Code from your app" className="max-w-40" error={fieldErrorsOf(confirmed).code} />
      <Button type="submit" variant="primary" disabled={confirming}>
        {confirming ? "Checking…" : "Turn on two-factor sign-in"}
      </Button>
    </form>
  );
}

function TwoFactorOn({ security }: { security: AccountSecurity }) {
  const [codes, makeCodes, making] = useActionState(newRecoveryCodes, null);
  const [disabled, disable, disabling] = useActionState(disableSecondFactor, null);
  const [showDisable, setShowDisable] = useState(false);
  if (disabled?.ok) return <FormSummary result={disabled} fields={{}} successTitle="Two-factor sign-in is off" />;
  const { enabledAt, recoveryCodesLeft } = security.secondFactor;
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-700" data-testid="two-factor-status">
        Two-factor sign-in is on
        {enabledAt ? (
          <>
            {" "}
            since <UtcInstant at={enabledAt} />
          </>
        ) : null}
        . Recovery codes left: {codes?.ok && codes.data ? codes.data.recoveryCodes.length : recoveryCodesLeft}.
      </p>
      <form action={makeCodes} noValidate className="space-y-3" aria-busy={making}>
        <h3 className="text-sm font-semibold text-stone-900">New recovery codes</h3>
        <FormSummary result={codes} fields={{ code: { id: "recovery-totp-code", label: "Code from your app" } }} />
        {codes?.ok && codes.data ? <RecoveryCodes codes={codes.data.recoveryCodes} /> : null}
        <CodeField
          id="recovery-totp-code"
          label="Code from your app"
          hint="New codes replace every earlier one."
          className="max-w-40"
          error={fieldErrorsOf(codes).code}
        />
        <Button type="submit" variant="secondary" disabled={making}>
          {making ? "Making codes…" : "Make new recovery codes"}
        </Button>
      </form>
      {security.secondFactorRequired ? (
        <p className="text-sm text-stone-700">Your role must sign in with a second factor, so it stays on.</p>
      ) : showDisable ? (
        <form action={disable} noValidate className="space-y-3" aria-busy={disabling}>
          <h3 className="text-sm font-semibold text-stone-900">Turn off two-factor sign-in</h3>
          <FormSummary result={disabled} fields={{ currentPassword: { id: "disable-password", label: "Password" } }} />
          <TextField
            id="disable-password"
            name="currentPassword"
            type="password"
            label="Your password"
            autoComplete="current-password"
            error={fieldErrorsOf(disabled).currentPassword}
            required
          />
          <Button type="submit" variant="danger" disabled={disabling}>
            {disabling ? "Turning off…" : "Turn off two-factor sign-in"}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="danger" onClick={() => setShowDisable(true)}>
          Turn off two-factor sign-in…
        </Button>
      )}
    </div>
  );
}
