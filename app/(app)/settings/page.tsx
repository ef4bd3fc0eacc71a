import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { LocaleForm } from "@/components/account/locale-form";
import { MailSettingsForm } from "@/components/mail/mail-settings-form";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { getMailSettings } from "@/lib/features/mail/server";
import { ALERT_KINDS } from "@/lib/features/mail/settings";
import { localeOptions } from "@/lib/features/preferences/locale-options";
import { getFormat, readRequestLocale } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings"))("title") };
}

/** Every zone the runtime knows, plus a stored one it no longer lists (so the select still shows it). */
function zoneChoices(stored: string | null): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return stored && !zones.includes(stored) ? [stored, ...zones] : zones;
}

export default async function SettingsPage() {
  const viewer = await requirePageViewer("/settings");
  const [view, choice, t, tMail, format] = await Promise.all([
    getMailSettings(viewer),
    readRequestLocale(),
    getTranslations("settings"),
    getTranslations("mail"),
    getFormat(),
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
            <Notice tone="warning" title={tMail("card.offTitle")}>
              {tMail("card.offBody")}
            </Notice>
          )}
          <Card title={tMail("card.title")}>
            <MailSettingsForm
              settings={settings}
              alertKinds={ALERT_KINDS.map((kind) => [kind, tMail(`alertKinds.${kind}`)] as const)}
              hours={Array.from({ length: 24 }, (_, hour) => format.hour(hour))}
              propertyZone={view.propertyZone}
              zones={zoneChoices(settings.zone)}
            />
          </Card>
        </div>
        <Card title={tMail("card.timingTitle")}>
          <div className="space-y-2 text-sm text-stone-700" data-testid="mail-timing">
            {view.waitsForHour ? (
              <p>{tMail("card.atHour", { hour: format.hour(settings.hour), zone: view.zone })}</p>
            ) : (
              <p>{tMail("card.demo")}</p>
            )}
            <p>{tMail("card.stop")}</p>
          </div>
        </Card>
      </div>
    </>
  );
}
