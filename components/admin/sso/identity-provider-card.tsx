import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EventInstant } from "@/components/ui/instants";
import { Notice } from "@/components/ui/notice";
import type { SignInSettings } from "@/lib/features/sso/server";

import { ConnectionForm, NEW_CONNECTION } from "./connection-form";
import { EnableForm } from "./enable-form";

/** The connection to the identity provider: whether it is on, what to register there, the settings, the test. */
export function IdentityProviderCard({ settings }: { settings: SignInSettings }) {
  const t = useTranslations("admin.sso.provider");
  const tConnection = useTranslations("admin.sso.connection");
  const { source, connection } = settings;
  return (
    <Card title={t("title")}>
      <div className="space-y-5">
        <StatusLine settings={settings} />
        {settings.unreadable ? <Notice tone="error" title={t("unreadable")} /> : null}
        <RegisterAtProvider settings={settings} />
        {source === "environment" && connection ? (
          <EnvironmentConnection connection={connection} />
        ) : (
          <ConnectionForm
            initial={connection ?? { ...NEW_CONNECTION, label: tConnection("defaultLabel") }}
            stored={connection !== null}
          />
        )}
        {connection ? (
          <div className="space-y-2 border-t border-stone-200 pt-5">
            <a href="/api/admin/sso-test" className={buttonClass("secondary")}>
              {t("test")}
            </a>
            <p className="text-sm text-stone-600">
              {source === "environment" || settings.enabled ? t("testExplained") : t("testExplainedOff")}
            </p>
          </div>
        ) : null}
        {source === "stored" ? <EnableForm enabled={settings.enabled} tested={settings.testedAt !== null} /> : null}
      </div>
    </Card>
  );
}

function StatusLine({ settings }: { settings: SignInSettings }) {
  const t = useTranslations("admin.sso.provider");
  const testedAt = settings.testedAt;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700" data-testid="sso-status">
      {settings.enabled ? <Badge tone="ok">{t("on")}</Badge> : <Badge tone="neutral">{t("off")}</Badge>}
      {settings.source === "environment" ? <span>{t("fromEnvironment")}</span> : null}
      {settings.connection ? (
        testedAt ? (
          <span>{t.rich("tested", { at: () => <EventInstant at={testedAt} /> })}</span>
        ) : (
          <span>{t("notTested")}</span>
        )
      ) : (
        <span>{t("none")}</span>
      )}
    </p>
  );
}

/** What the provider's administrator enters for Daybook's client: where people come back after signing in and out. */
function RegisterAtProvider({ settings }: { settings: SignInSettings }) {
  const t = useTranslations("admin.sso.provider");
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="font-medium text-stone-500">{t("redirectUri")}</dt>
      <dd>
        <code className="rounded bg-stone-100 px-1.5 py-0.5 break-all text-stone-900">{settings.redirectUri}</code>
      </dd>
      <dt className="font-medium text-stone-500">{t("postLogoutRedirectUri")}</dt>
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
  const t = useTranslations("admin.sso.connection");
  const rows = [
    [t("issuer"), connection.issuer],
    [t("clientId"), connection.clientId],
    [t("scopes"), connection.scopes],
    [t("label"), connection.label],
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
