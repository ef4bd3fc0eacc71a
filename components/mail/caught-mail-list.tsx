import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UtcInstant } from "@/components/ui/utc-instant";
import type { CaughtMail } from "@/lib/features/mail/types";

/** The demo's mail catcher: what arrived, newest first; the text part here, the HTML part on a page of its own. */
export function CaughtMailList({ caught }: { caught: readonly CaughtMail[] }) {
  return (
    <section aria-labelledby="caught-mail-heading">
      <h2 id="caught-mail-heading" className="mb-1 text-lg font-semibold text-stone-900">
        Caught by the demo&apos;s mail catcher
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        In the demo, Daybook sends to a mail server of its own and keeps what it receives here, so you can read the
        digest without a mail account. Nothing leaves this machine. Times are in UTC.
      </p>
      {caught.length === 0 ? (
        <EmptyState title="Nothing caught yet">
          The digest of the latest stored day arrives within a minute of start-up.
        </EmptyState>
      ) : (
        <ol aria-label="Caught messages, newest first" className="space-y-3">
          {caught.map((message) => (
            <li key={message.id} className={`p-4 ${cardClass}`} data-testid="caught-mail">
              <p className="font-medium text-stone-900" data-testid="caught-subject">
                {message.subject || "(no subject)"}
              </p>
              <p className="mt-1 text-sm text-stone-600">
                To <span data-testid="caught-to">{message.toAddress}</span>, received{" "}
                <UtcInstant at={message.receivedAt} />
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium text-brand-700">The text part</summary>
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
                    Open the HTML part<span className="sr-only"> of “{message.subject}” (opens in a new tab)</span>
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
