/**
 * The digest and the alert as e-mail: a plain-text part and an HTML part saying the same, in the
 * recipient's voice (./voice.ts). Plain template functions rather than a React e-mail kit: two short
 * messages do not need a renderer and its dependencies, and every value passes through one escape
 * (the catalogue's own words are Daybook's). The HTML is one column of inline-styled tables, which
 * phones and old desktop clients both lay out.
 */
import type { CriminalAlert, Digest } from "./content";
import type { MailVoice } from "./voice";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A tag of a message, kept as its words alone: the text part has no markup. */
const plain = (chunks: string) => chunks;
const strong = (chunks: string) => `<strong>${chunks}</strong>`;
const anchor = (href: string) => (chunks: string) => `<a href="${escapeHtml(href)}">${chunks}</a>`;

function criminalWords(criminal: { total: number; notAcknowledged: number } | null, voice: MailVoice): string {
  const { t, format } = voice;
  if (criminal === null) return t("digest.notStored");
  if (criminal.total === 0) return t("digest.criminalNone");
  return t("digest.criminalCounts", {
    total: format.number(criminal.total),
    open: format.number(criminal.notAcknowledged),
  });
}

function footerText(settings: string, unsubscribe: string, { t }: MailVoice): string {
  return `${t("footer.whyText", { settings })}\n${t("footer.stopText", { link: unsubscribe })}`;
}

export function renderDigest(digest: Digest, unsubscribeUrl: string, voice: MailVoice): RenderedMail {
  const { t, format, language } = voice;
  const day = digest.dayText;
  const subject =
    digest.properties.length === 1
      ? t("digest.subjectOne", { day, property: digest.properties[0]!.name })
      : t("digest.subjectMany", { day, count: digest.properties.length });
  const line = (label: string, value: string) => t("digest.line", { label, value });
  const labels = (property: Digest["properties"][number]) =>
    [
      [t("digest.arrivals"), property.arrivals],
      [t("digest.scans"), property.scans],
      [t("digest.manualEntry"), property.manualShare],
      [t("digest.alertsPer100"), property.alertsPer100],
      [t("digest.warningsPer100"), property.warningsPer100],
      [t("digest.criminalArrivals"), criminalWords(property.criminal, voice)],
    ] as const;
  const waiting = digest.review
    ? { waiting: format.number(digest.review.waiting), overdue: format.number(digest.review.overdue) }
    : null;

  const text: string[] = [
    t("digest.greeting", { name: digest.recipientName }),
    "",
    t.markup("digest.intro", { day, strong: plain }),
    "",
  ];
  for (const problem of digest.problems) text.push(`! ${problem}`);
  if (digest.problems.length > 0) text.push("");
  for (const block of digest.blocks) {
    text.push(block.heading.toLocaleUpperCase(language));
    for (const entry of block.lines) {
      text.push(`  ${t("digest.lineChange", { label: entry.label, value: entry.value, change: entry.change })}`);
    }
    text.push("");
  }
  if (digest.baselineNote) text.push(digest.baselineNote, "");
  if (digest.unrecordedNote) text.push(digest.unrecordedNote, "");
  text.push(t("digest.byProperty").toLocaleUpperCase(language));
  for (const property of digest.properties) {
    text.push(
      `  ${property.name}`,
      ...labels(property).map(([label, value]) => `    ${line(label, value)}`),
      `    ${line(t("digest.criminalArrivalsList"), property.links.criminalArrivals)}`,
    );
  }
  text.push("");
  if (digest.review && waiting) {
    text.push(
      t.markup("digest.waiting", { ...waiting, strong: plain }),
      line(t("digest.review"), digest.review.link),
      "",
    );
  }
  text.push(line(t("digest.open"), digest.links.overview), "");
  if (digest.timing) text.push(digest.timing, "");
  text.push(footerText(digest.links.settings, unsubscribeUrl, voice));

  const cell = 'style="padding:6px 8px;border-bottom:1px solid #e7e5e4;vertical-align:top"';
  const html = page(subject, language, [
    `<p style="margin:0 0 12px">${escapeHtml(t("digest.greeting", { name: digest.recipientName }))}</p>`,
    `<p style="margin:0 0 16px">${t.markup("digest.intro", { day: escapeHtml(day), strong })}</p>`,
    ...digest.problems.map(
      (problem) =>
        `<p style="margin:0 0 12px;padding:8px 12px;border-left:4px solid #b45309;background:#fffbeb">${escapeHtml(problem)}</p>`,
    ),
    ...digest.blocks.map(
      (block) =>
        `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(block.heading)}</h2><table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px">${block.lines
          .map(
            (entry) =>
              `<tr><td ${cell}>${escapeHtml(entry.label)}</td><td ${cell} align="right"><strong>${escapeHtml(entry.value)}</strong><br><span style="color:#57534e;font-size:12px">${escapeHtml(entry.change)}</span></td></tr>`,
          )
          .join("")}</table>`,
    ),
    digest.baselineNote ? `<p style="color:#57534e;font-size:13px">${escapeHtml(digest.baselineNote)}</p>` : "",
    digest.unrecordedNote ? `<p style="color:#57534e;font-size:13px">${escapeHtml(digest.unrecordedNote)}</p>` : "",
    `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(t("digest.byProperty"))}</h2>`,
    ...digest.properties.map(
      (property) =>
        `<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px;margin:0 0 12px"><tr><th colspan="2" align="left" style="padding:6px 8px;background:#f5f5f4">${escapeHtml(property.name)}</th></tr>${labels(
          property,
        )
          .map(
            ([label, value]) =>
              `<tr><td ${cell}>${escapeHtml(label)}</td><td ${cell} align="right">${escapeHtml(value)}</td></tr>`,
          )
          .join(
            "",
          )}<tr><td colspan="2" style="padding:6px 8px">${anchor(property.links.criminalArrivals)(escapeHtml(t("digest.criminalArrivals")))} · ${anchor(property.links.guests)(escapeHtml(t("digest.guestArrivals")))}</td></tr></table>`,
    ),
    digest.review && waiting
      ? `<p style="margin:16px 0">${t.markup("digest.waiting", { ...waiting, strong })}. ${anchor(digest.review.link)(escapeHtml(t("digest.review")))}</p>`
      : "",
    button(digest.links.overview, t("digest.open")),
    digest.timing ? `<p style="color:#57534e;font-size:13px">${escapeHtml(digest.timing)}</p>` : "",
    footer(digest.links.settings, unsubscribeUrl, voice),
  ]);
  return { subject, text: text.join("\n"), html };
}

export function renderCriminalAlert(alert: CriminalAlert, unsubscribeUrl: string, voice: MailVoice): RenderedMail {
  const { t, format, language } = voice;
  const day = format.calendarDay(alert.day);
  const count = alert.properties.reduce((sum, property) => sum + property.notAcknowledged, 0);
  const subject = t("alert.subject", { count, day });
  const counts = (property: CriminalAlert["properties"][number]) => ({
    open: format.number(property.notAcknowledged),
    total: format.number(property.total),
  });
  const text = [
    t("hello", { name: alert.recipientName }),
    "",
    t.markup("alert.intro", { day, count, strong: plain }),
    ...alert.properties.map(
      (property) =>
        `  ${t.markup("alert.property", { ...counts(property), name: property.name, link: plain })}\n    ${property.link}`,
    ),
    "",
    t("alert.open"),
    "",
    footerText(alert.links.settings, unsubscribeUrl, voice),
  ].join("\n");
  const html = page(subject, language, [
    `<p style="margin:0 0 12px">${escapeHtml(t("hello", { name: alert.recipientName }))}</p>`,
    `<p style="margin:0 0 12px">${t.markup("alert.intro", { day: escapeHtml(day), count, strong })}</p>`,
    `<ul style="padding-left:20px">${alert.properties
      .map(
        (property) =>
          `<li style="margin:0 0 8px">${t.markup("alert.property", { ...counts(property), name: escapeHtml(property.name), link: anchor(property.link) })}</li>`,
      )
      .join("")}</ul>`,
    footer(alert.links.settings, unsubscribeUrl, voice),
  ]);
  return { subject, text, html };
}

export function renderTestMail(name: string, settingsUrl: string, voice: MailVoice): RenderedMail {
  const { t, language } = voice;
  const subject = t("testMail.subject");
  const text = `${t("hello", { name })}\n\n${t("testMail.body")}\n\n${t("testMail.settingsText", { link: settingsUrl })}`;
  const html = page(subject, language, [
    `<p>${escapeHtml(t("hello", { name }))}</p><p>${escapeHtml(t("testMail.body"))}</p>`,
    `<p>${anchor(settingsUrl)(escapeHtml(t("testMail.settings")))}</p>`,
  ]);
  return { subject, text, html };
}

function button(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;
}

function footer(settings: string, unsubscribe: string, { t }: MailVoice): string {
  return `<p style="margin:24px 0 0;color:#57534e;font-size:12px">${t.markup("footer.why", { settings: anchor(settings) })} ${t.markup("footer.stop", { stop: anchor(unsubscribe) })}</p>`;
}

function page(title: string, language: string, parts: string[]): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:0;background:#fafaf9"><div style="max-width:600px;margin:0 auto;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1917;line-height:1.45">${parts.join("")}</div></body></html>`;
}
