import { useTranslations } from "next-intl";

import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { EventInstant } from "@/components/ui/instants";
import type { CaughtMail } from "@/lib/features/mail/types";

/**
 * The demo's mail catcher: what arrived, newest first; the text part here, the HTML part on a page of
 * its own. `zone`: the one the times are drawn in (the person's own, `Formatter.eventZone`).
 */
export function CaughtMailList({ caught, zone }: { caught: readonly CaughtMail[]; zone: string }) {
  const t = useTranslations("mail.admin.caught");
  return (
    <section aria-labelledby="caught-mail-heading">
      <h2 id="caught-mail-heading" className="mb-1 text-lg font-semibold text-stone-900">
        {t("heading")}
      </h2>
      <p className="mb-3 text-sm text-stone-600">{t("lead", { zone })}</p>
      {caught.length === 0 ? (
        <EmptyState title={t("emptyTitle")}>{t("emptyBody")}</EmptyState>
      ) : (
        <ol aria-label={t("list")} className="space-y-3">
          {caught.map((message) => (
            <li key={message.id} className={`p-4 ${cardClass}`} data-testid="caught-mail">
              <p className="font-medium text-stone-900" data-testid="caught-subject">
                {message.subject || t("noSubject")}
              </p>
              <p className="mt-1 text-sm text-stone-600">
                {t.rich("received", {
                  to: message.toAddress,
                  address: (chunks) => <span data-testid="caught-to">{chunks}</span>,
                  at: () => <EventInstant at={message.receivedAt} />,
                })}
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("textPart")}</summary>
                <pre
                  className="mt-2 max-h-96 overflow-auto rounded-md bg-stone-50 p-3 text-xs whitespace-pre-wrap text-stone-800"
                  data-testid="caught-text"
                  tabIndex={0}
                >
                  {message.text}
                </pre>
              </details>
              {message.html ? (
                <p className="mt-2 text-sm">
                  <a
                    href={`/api/admin/mail/caught/${message.id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {t.rich("openHtml", {
                      subject: message.subject,
                      hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                    })}
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
