import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { LocaleForm } from "@/components/account/locale-form";
import { MailSettingsForm } from "@/components/mail/mail-settings-form";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { getMailSettings } from "@/lib/features/mail/server";
import { ALERT_KINDS, formatHour, type AlertKind } from "@/lib/features/mail/settings";
import { localeOptions } from "@/lib/features/preferences/locale-options";
import { readRequestLocale } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings"))("title") };
}

/** Every zone the runtime knows, plus a stored one it no longer lists (so the select still shows it). */
function zoneChoices(stored: string | null): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return stored && !zones.includes(stored) ? [stored, ...zones] : zones;
}

const ALERT_CHOICES = Object.entries(ALERT_KINDS) as [AlertKind, string][];
const HOUR_LABELS = Array.from({ length: 24 }, (_, hour) => formatHour(hour));

export default async function SettingsPage() {
  const viewer = await requirePageViewer("/settings");
  const [view, choice, t] = await Promise.all([
    getMailSettings(viewer),
    readRequestLocale(),
    getTranslations("settings"),
  ]);
  const { settings } = view;
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t.rich("description", {
          email: viewer.email,
          strong: (chunks) => <span className="font-medium text-stone-800">{chunks}</span>,
        })}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title={t("locale.title")}>
            <LocaleForm choice={choice} options={localeOptions(choice)} />
          </Card>
          {view.mailOn ? null : (
            <Notice tone="warning" title="Mail is off on this Daybook">
              An admin turns it on by setting SMTP_URL. Your choices below are kept for when it is on.
            </Notice>
          )}
          <Card title="E-mail">
            <MailSettingsForm
              settings={settings}
              alertKinds={ALERT_CHOICES}
              hours={HOUR_LABELS}
              propertyZone={view.propertyZone}
              zones={zoneChoices(settings.zone)}
            />
          </Card>
        </div>
        <Card title="When it arrives">
          <div className="space-y-2 text-sm text-stone-700" data-testid="mail-timing">
            {view.waitsForHour ? (
              <p>
                The digest of yesterday goes out at {formatHour(settings.hour)} in {view.zone} or later, once the day is
                stored.
              </p>
            ) : (
              <p>
                This is the demo: it sends the digest as soon as the day is stored, rather than at the hour you choose.
                Your hour and zone still apply where Daybook runs for real.
              </p>
            )}
            <p>Every e-mail ends with a link that stops it with one click, signed in or not.</p>
          </div>
        </Card>
      </div>
    </>
  );
}
