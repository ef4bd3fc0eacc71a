import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { UtcInstant } from "@/components/ui/utc-instant";
import type { SignInSettings } from "@/lib/features/sso/server";

import { ConnectionForm, NEW_CONNECTION } from "./connection-form";
import { EnableForm } from "./enable-form";

/** The connection to the identity provider: whether it is on, what to register there, the settings, the test. */
export function IdentityProviderCard({ settings }: { settings: SignInSettings }) {
  const { source, connection } = settings;
  return (
    <Card title="Identity provider">
      <div className="space-y-5">
        <StatusLine settings={settings} />
        {settings.unreadable ? (
          <Notice tone="error" title="The stored client secret cannot be decrypted: enter it again." />
        ) : null}
        <RegisterAtProvider settings={settings} />
        {source === "environment" && connection ? (
          <EnvironmentConnection connection={connection} />
        ) : (
          <ConnectionForm initial={connection ?? NEW_CONNECTION} stored={connection !== null} />
        )}
        {connection ? (
          <div className="space-y-2 border-t border-stone-200 pt-5">
            <a href="/api/admin/sso-test" className={buttonClass("secondary")}>
              Test sign-in through the provider
            </a>
            <p className="text-sm text-stone-600">
              {source === "environment" || settings.enabled
                ? "Signs you in through the provider once and comes back here."
                : "Signs you in through the provider once and comes back here; nobody else can use it until it is switched on."}
            </p>
          </div>
        ) : null}
        {source === "stored" ? <EnableForm enabled={settings.enabled} tested={settings.testedAt !== null} /> : null}
      </div>
    </Card>
  );
}

function StatusLine({ settings }: { settings: SignInSettings }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700" data-testid="sso-status">
      {settings.enabled ? <Badge tone="ok">On</Badge> : <Badge tone="neutral">Off</Badge>}
      {settings.source === "environment" ? <span>Set by the server&apos;s environment (DAYBOOK_OIDC_*)</span> : null}
      {settings.connection ? (
        settings.testedAt ? (
          <span>
            Tested <UtcInstant at={settings.testedAt} />
          </span>
        ) : (
          <span>Not tested since it last changed</span>
        )
      ) : (
        <span>No provider connected</span>
      )}
    </p>
  );
}

/** What the provider's administrator enters for Daybook's client: where people come back after signing in and out. */
function RegisterAtProvider({ settings }: { settings: SignInSettings }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="font-medium text-stone-500">Redirect URI</dt>
      <dd>
        <code className="rounded bg-stone-100 px-1.5 py-0.5 break-all text-stone-900">{settings.redirectUri}</code>
      </dd>
      <dt className="font-medium text-stone-500">Post-logout redirect URI</dt>
      <dd>
        <code className="rounded bg-stone-100 px-1.5 py-0.5 break-all text-stone-900">
          {settings.postLogoutRedirectUri}
        </code>
      </dd>
    </dl>
  );
}

// The same label column as the addresses above, so the two lists line up as one.
function EnvironmentConnection({ connection }: { connection: NonNullable<SignInSettings["connection"]> }) {
  const rows = [
    ["Issuer URL", connection.issuer],
    ["Client ID", connection.clientId],
    ["Scopes", connection.scopes],
    ["Button words", connection.label],
  ] as const;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-stone-500">{term}</dt>
          <dd className="break-all text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
