/**
 * The digest and the alert as e-mail: a plain-text part and an HTML part saying the same. Plain
 * template functions rather than a React e-mail kit: two short messages do not need a renderer and
 * its dependencies, and every value passes through one escape. The HTML is one column of
 * inline-styled tables, which phones and old desktop clients both lay out.
 */
import { formatCalendarDay } from "@/lib/core/format";

import type { CriminalAlert, Digest } from "./content";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function criminalWords(criminal: { total: number; notAcknowledged: number } | null): string {
  if (criminal === null) return "Not stored";
  if (criminal.total === 0) return "None";
  return `${criminal.total}, ${criminal.notAcknowledged} not acknowledged at the desk`;
}

const FOOTER_TEXT = (settings: string, unsubscribe: string) =>
  `Why you get this: your Daybook mail settings (${settings}).\nStop this e-mail with one click: ${unsubscribe}`;

export function renderDigest(digest: Digest, unsubscribeUrl: string): RenderedMail {
  const day = formatCalendarDay(digest.day);
  const subject = `Daybook: ${day} at ${digest.properties.length === 1 ? digest.properties[0]!.name : plural(digest.properties.length, "property", "properties")}`;

  const text: string[] = [`Good morning ${digest.recipientName},`, "", `Here is ${day} at your properties.`, ""];
  for (const problem of digest.problems) text.push(`! ${problem}`);
  if (digest.problems.length > 0) text.push("");
  for (const block of digest.blocks) {
    text.push(block.heading.toUpperCase());
    for (const line of block.lines) text.push(`  ${line.label}: ${line.value} (${line.change})`);
    text.push("");
  }
  if (digest.baselineNote) text.push(digest.baselineNote, "");
  if (digest.unrecordedNote) text.push(digest.unrecordedNote, "");
  text.push("BY PROPERTY");
  for (const property of digest.properties) {
    text.push(
      `  ${property.name}`,
      `    Arrivals: ${property.arrivals}`,
      `    Scans: ${property.scans}`,
      `    Manual entry: ${property.manualShare}`,
      `    Alerts per 100 scans: ${property.alertsPer100}`,
      `    Warnings per 100 scans: ${property.warningsPer100}`,
      `    Criminal arrivals: ${criminalWords(property.criminal)}`,
      `    Criminal arrivals list: ${property.links.criminalArrivals}`,
    );
  }
  text.push("");
  if (digest.review) {
    text.push(
      `Lists waiting for your sign-off: ${digest.review.waiting} (${digest.review.overdue} overdue)`,
      `Review: ${digest.review.link}`,
      "",
    );
  }
  text.push(
    `Open the day in Daybook: ${digest.links.overview}`,
    "",
    FOOTER_TEXT(digest.links.settings, unsubscribeUrl),
  );

  const cell = 'style="padding:6px 8px;border-bottom:1px solid #e7e5e4;vertical-align:top"';
  const html = page(subject, [
    `<p style="margin:0 0 12px">Good morning ${escapeHtml(digest.recipientName)},</p>`,
    `<p style="margin:0 0 16px">Here is <strong>${escapeHtml(day)}</strong> at your properties.</p>`,
    ...digest.problems.map(
      (problem) =>
        `<p style="margin:0 0 12px;padding:8px 12px;border-left:4px solid #b45309;background:#fffbeb">${escapeHtml(problem)}</p>`,
    ),
    ...digest.blocks.map(
      (block) =>
        `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(block.heading)}</h2><table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px">${block.lines
          .map(
            (line) =>
              `<tr><td ${cell}>${escapeHtml(line.label)}</td><td ${cell} align="right"><strong>${escapeHtml(line.value)}</strong><br><span style="color:#57534e;font-size:12px">${escapeHtml(line.change)}</span></td></tr>`,
          )
          .join("")}</table>`,
    ),
    digest.baselineNote ? `<p style="color:#57534e;font-size:13px">${escapeHtml(digest.baselineNote)}</p>` : "",
    digest.unrecordedNote ? `<p style="color:#57534e;font-size:13px">${escapeHtml(digest.unrecordedNote)}</p>` : "",
    `<h2 style="font-size:16px;margin:20px 0 6px">By property</h2>`,
    ...digest.properties.map(
      (property) =>
        `<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px;margin:0 0 12px"><tr><th colspan="2" align="left" style="padding:6px 8px;background:#f5f5f4">${escapeHtml(property.name)}</th></tr>${(
          [
            ["Arrivals", property.arrivals],
            ["Scans", property.scans],
            ["Manual entry", property.manualShare],
            ["Alerts per 100 scans", property.alertsPer100],
            ["Warnings per 100 scans", property.warningsPer100],
            ["Criminal arrivals", criminalWords(property.criminal)],
          ] as const
        )
          .map(
            ([label, value]) => `<tr><td ${cell}>${label}</td><td ${cell} align="right">${escapeHtml(value)}</td></tr>`,
          )
          .join(
            "",
          )}<tr><td colspan="2" style="padding:6px 8px"><a href="${escapeHtml(property.links.criminalArrivals)}">Criminal arrivals</a> · <a href="${escapeHtml(property.links.guests)}">Guest arrivals</a></td></tr></table>`,
    ),
    digest.review
      ? `<p style="margin:16px 0">Lists waiting for your sign-off: <strong>${digest.review.waiting}</strong> (${digest.review.overdue} overdue). <a href="${escapeHtml(digest.review.link)}">Review</a></p>`
      : "",
    button(digest.links.overview, "Open the day in Daybook"),
    footer(digest.links.settings, unsubscribeUrl),
  ]);
  return { subject, text: text.join("\n"), html };
}

export function renderCriminalAlert(alert: CriminalAlert, unsubscribeUrl: string): RenderedMail {
  const day = formatCalendarDay(alert.day);
  const total = alert.properties.reduce((sum, property) => sum + property.notAcknowledged, 0);
  const subject = `Daybook alert: ${plural(total, "criminal arrival")} not acknowledged at the desk (${day})`;
  const lines = alert.properties.map(
    (property) =>
      `  ${property.name}: ${property.notAcknowledged} of ${property.total} not acknowledged at the desk\n    ${property.link}`,
  );
  const text = [
    `Hello ${alert.recipientName},`,
    "",
    `On ${day}, ${plural(total, "criminal arrival")} at your properties ${total === 1 ? "was" : "were"} not acknowledged at the desk:`,
    ...lines,
    "",
    "Open each list in Daybook to review it.",
    "",
    FOOTER_TEXT(alert.links.settings, unsubscribeUrl),
  ].join("\n");
  const html = page(subject, [
    `<p style="margin:0 0 12px">Hello ${escapeHtml(alert.recipientName)},</p>`,
    `<p style="margin:0 0 12px">On <strong>${escapeHtml(day)}</strong>, ${plural(total, "criminal arrival")} at your properties ${total === 1 ? "was" : "were"} not acknowledged at the desk:</p>`,
    `<ul style="padding-left:20px">${alert.properties
      .map(
        (property) =>
          `<li style="margin:0 0 8px"><a href="${escapeHtml(property.link)}">${escapeHtml(property.name)}</a>: ${property.notAcknowledged} of ${property.total} not acknowledged at the desk</li>`,
      )
      .join("")}</ul>`,
    footer(alert.links.settings, unsubscribeUrl),
  ]);
  return { subject, text, html };
}

export function renderTestMail(name: string, settingsUrl: string): RenderedMail {
  const subject = "Daybook: a test e-mail";
  const text = `Hello ${name},\n\nThis is the test e-mail you asked for on Admin → Mail: Daybook's mail reaches you.\n\nYour mail settings: ${settingsUrl}`;
  const html = page(subject, [
    `<p>Hello ${escapeHtml(name)},</p><p>This is the test e-mail you asked for on Admin → Mail: Daybook's mail reaches you.</p>`,
    `<p><a href="${escapeHtml(settingsUrl)}">Your mail settings</a></p>`,
  ]);
  return { subject, text, html };
}

function button(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;
}

function footer(settings: string, unsubscribe: string): string {
  return `<p style="margin:24px 0 0;color:#57534e;font-size:12px">Why you get this: your <a href="${escapeHtml(settings)}">Daybook mail settings</a>. <a href="${escapeHtml(unsubscribe)}">Stop this e-mail</a> with one click.</p>`;
}

function page(title: string, parts: string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:0;background:#fafaf9"><div style="max-width:600px;margin:0 auto;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1917;line-height:1.45">${parts.join("")}</div></body></html>`;
}
