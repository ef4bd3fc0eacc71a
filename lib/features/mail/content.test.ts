import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { usageReport, usageRow } from "@/tests/support/report-fixtures";

import { buildCriminalAlert, buildDigest, type DigestSources } from "./content";
import { escapeHtml, renderCriminalAlert, renderDigest, renderTestMail } from "./render";
import { voiceOf } from "./voice";

/** A person who never chose: Daybook's default, US English on a 12-hour clock. */
const english = voiceOf(null);
/** A Montréal supervisor who reads French on a 24-hour clock. */
const montreal = voiceOf({ language: "fr", region: "fr-CA", hourCycle: "h23", weekStart: 7 });

const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";

function sources(overrides: Partial<DigestSources> = {}): DigestSources {
  return {
    day: "2026-11-22",
    recipientName: "Sam Supervisor",
    publicUrl: "https://daybook.example.com",
    usage: usageReport(
      "2026-11-22",
      [
        usageRow(HARBOUR, {
          scans: 200,
          manualEntry: 25,
          banMatches: 2,
          criminal: 1,
          sexOffender: 1,
          ageAlert: 6,
          localAlert: 4,
        }),
        usageRow(RIVERSIDE, { scans: 0 }),
      ],
      { changes: { scans: 12.5 } },
    ),
    arrivals: new Map([[HARBOUR, 200]]),
    criminal: new Map([[HARBOUR, { total: 3, notAcknowledged: 2 }]]),
    properties: [HARBOUR, RIVERSIDE],
    review: { waiting: 2, overdue: 1 },
    problems: [],
    ...overrides,
  };
}

const line = (digest: ReturnType<typeof buildDigest>, label: string) =>
  digest.blocks.flatMap((block) => block.lines).find((entry) => entry.label === label)!;

describe("the digest's content", () => {
  it("says a null change is no comparable baseline, with the Overview's reason, and a change in the Overview's words", () => {
    const digest = buildDigest(sources(), english);
    expect(line(digest, "Scans")).toEqual({ label: "Scans", value: "200", change: "Up 12.5 % on the day before" });
    expect(line(digest, "Manual entry").change).toBe("No comparable baseline");
    // Once per block, as the Overview says it: the API gives none, and Daybook has no stored day before.
    expect(digest.baselineNote).toMatch(
      /^No comparable baseline \(Manual entry, Bans added, Criminal matches, Sex-offender matches\): the API gives none here \(no comparable day before\), and Daybook has not stored Sat 21 Nov\. /,
    );
  });

  it("gives Daybook's own change from the stored day before where the API gives none", () => {
    const digest = buildDigest(
      sources({ dayBefore: usageReport("2026-11-21", [usageRow(HARBOUR, { scans: 150, manualEntry: 20 })]) }),
      english,
    );
    expect(line(digest, "Scans").change).toBe("Up 12.5 % on the day before");
    expect(line(digest, "Manual entry").change).toMatch(/ vs Sat 21 Nov, stored/);
    expect(digest.baselineNote).toBeNull();
  });

  it("says a null metric is not recorded, never 0, and withholds the rates computed from it", () => {
    const digest = buildDigest(
      sources({
        usage: usageReport("2026-11-22", [usageRow(HARBOUR, { scans: 200, ageAlert: 6, localAlert: 0 })], {
          localRecorded: false,
        }),
      }),
      english,
    );
    expect(line(digest, "Local").value).toBe("Not recorded");
    expect(digest.properties[0]!.warningsPer100).toBe("Not recorded");
    expect(digest.properties[0]!.alertsPer100).toBe("0.0");
    expect(digest.unrecordedNote).toMatch(/^Local warnings: not recorded/);
  });

  it("keeps alerts and warnings apart, per 100 scans, and says a property without scans has no rate", () => {
    const [harbour, riverside] = buildDigest(sources(), english).properties;
    // Alerts: 2 ban + 1 criminal + 1 sex offender of 200; warnings: 6 age + 4 local of 200. Never 14 together.
    expect(harbour).toMatchObject({ scans: "200", manualShare: "12.5 %", alertsPer100: "2.0", warningsPer100: "5.0" });
    expect(riverside).toMatchObject({ scans: "0", manualShare: "— (no scans)", alertsPer100: "— (no scans)" });
    expect(riverside!.criminal).toEqual({ total: 0, notAcknowledged: 0 });
  });

  it("says what is not stored or not kept rather than showing zero", () => {
    const digest = buildDigest(
      sources({ usage: null, arrivals: null, criminal: null, problems: [{ kind: "not-stored" }] }),
      english,
    );
    expect(digest.blocks).toEqual([]);
    expect(digest.problems).toEqual(["Daybook has not stored Nov 22, 2026 yet: the figures below are missing."]);
    expect(digest.properties[0]).toMatchObject({ arrivals: "Not kept", scans: "Not stored", criminal: null });
    expect(renderDigest(digest, "https://x/u", english).text).toContain("Criminal arrivals: Not stored");
  });

  it("words a failed pull from its reports' outcomes, in the recipient's language", () => {
    const failed = [
      { endpoint: "usage", code: "internal_error", status: 500 },
      { endpoint: "criminal-arrivals", code: null, status: null },
    ] as const;
    const problems = [{ kind: "pull-failed", failed }] as const;
    expect(buildDigest(sources({ problems }), english).problems).toEqual([
      "The latest pull did not complete: usage summary (internal_error 500) and criminal arrivals (no answer) failed.",
    ]);
    expect(buildDigest(sources({ problems }), montreal).problems).toEqual([
      "La dernière récupération ne s’est pas terminée ; en échec : sommaire d’utilisation (internal_error 500) et arrivées à antécédents (aucune réponse).",
    ]);
    expect(buildDigest(sources({ problems: [{ kind: "pull-failed", failed: [] }] }), english).problems).toEqual([
      "The latest pull did not complete.",
    ]);
  });

  it("links each property to the stored day of the right screen", () => {
    const { links } = buildDigest(sources(), english).properties[1]!;
    expect(links.criminalArrivals).toBe(
      "https://daybook.example.com/criminal-arrivals?day=2026-11-22&property=Riverside+%26+Co.+Hotel",
    );
    expect(links.guests).toBe("https://daybook.example.com/guests?day=2026-11-22&property=Riverside+%26+Co.+Hotel");
    expect(links.overview).toBe("https://daybook.example.com/?day=2026-11-22");
  });

  it("adds up the rows of a shared name and links to the whole day there, as the name alone is ambiguous", () => {
    const digest = buildDigest(
      sources({
        usage: usageReport("2026-11-22", [
          usageRow("Seaside Suites", { scans: 80, manualEntry: 8 }),
          usageRow("Seaside Suites", { scans: 120, manualEntry: 2 }),
        ]),
        arrivals: new Map([["Seaside Suites", 200]]),
        properties: ["Seaside Suites"],
      }),
      english,
    );
    expect(digest.properties).toHaveLength(1);
    expect(digest.properties[0]).toMatchObject({
      name: "Seaside Suites (2 properties of this name, together)",
      scans: "200",
      manualShare: "5.0 %",
      links: { criminalArrivals: "https://daybook.example.com/criminal-arrivals?day=2026-11-22" },
    });
  });
});

describe("the e-mails", () => {
  it("has a text and an HTML part saying the same, escaped, with the unsubscribe link", () => {
    const mail = renderDigest(
      buildDigest(sources(), english),
      "https://daybook.example.com/unsubscribe?token=t",
      english,
    );
    expect(mail.subject).toBe("Daybook: Sunday, November 22, 2026 at 2 properties");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Sam Supervisor");
      expect(part).toContain("unsubscribe?token=t");
      expect(part).toContain("3, 2 not acknowledged at the desk");
      expect(part).toContain("(1 overdue)");
    }
    expect(mail.html).toContain("Riverside &amp; Co. Hotel");
    expect(mail.html).not.toContain("Riverside & Co.");
    expect(mail.html).toContain('name="viewport"');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).not.toMatch(/undefined|null|NaN/);
    // The text part ends with its one-click link, where a reader (and the end-to-end tests) look for it.
    expect(mail.text).toMatch(
      /\nStop this e-mail with one click: https:\/\/daybook\.example\.com\/unsubscribe\?token=t$/,
    );
  });

  it("escapes what could break out of the HTML", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("alerts only for properties with arrivals the desk did not acknowledge, and not at all without them", () => {
    const criminal = new Map([
      [HARBOUR, { total: 3, notAcknowledged: 2 }],
      [RIVERSIDE, { total: 1, notAcknowledged: 0 }],
    ]);
    const alert = buildCriminalAlert({
      day: "2026-11-22",
      recipientName: "Sam",
      publicUrl: "https://d.example",
      criminal,
    })!;
    expect(alert.properties.map((property) => property.name)).toEqual([HARBOUR]);
    const mail = renderCriminalAlert(alert, "https://d.example/unsubscribe?token=a", english);
    expect(mail.subject).toBe(
      "Daybook alert: 2 criminal arrivals not acknowledged at the desk (Sunday, November 22, 2026)",
    );
    expect(mail.text).toContain("Harbour View Hotel: 2 of 3 not acknowledged at the desk");
    expect(mail.text).toContain("https://d.example/criminal-arrivals?day=2026-11-22&property=Harbour+View+Hotel");
    expect(
      buildCriminalAlert({
        day: "2026-11-22",
        recipientName: "Sam",
        publicUrl: "https://d.example",
        criminal: new Map([[RIVERSIDE, { total: 1, notAcknowledged: 0 }]]),
      }),
    ).toBeNull();
  });
});

describe("in the recipient's language and formats", () => {
  const unsubscribe = "https://daybook.example.com/unsubscribe?token=t";

  it("writes a French recipient's digest in French, with the 24-hour clock they chose", () => {
    const digest = buildDigest(sources({ hour: { hour: 7, zone: "America/Toronto" } }), montreal);
    const mail = renderDigest(digest, unsubscribe, montreal);
    expect(mail.subject).toBe("Daybook : dimanche 22 novembre 2026 dans 2 établissements");
    expect(mail.text).toMatch(
      /^Bonjour Sam Supervisor,\n\nVoici la journée du dimanche 22 novembre 2026 dans vos établissements\.\n/,
    );
    // The hour it waits for, on the 24-hour clock of the person's choice; no AM or PM anywhere.
    expect(digest.timing).toBe("Il part à 07 h 00 (America/Toronto) ou plus tard, une fois la journée enregistrée.");
    expect(mail.text).toContain(digest.timing);
    expect(`${mail.text}${mail.html}`).not.toMatch(/\b[AP]M\b/);
    // Figures in the region's way of writing numbers.
    expect(digest.properties[0]).toMatchObject({
      arrivals: "200",
      manualShare: "12,5 %",
      alertsPer100: "2,0",
      warningsPer100: "5,0",
    });
    expect(digest.properties[1]).toMatchObject({
      manualShare: "— (aucune numérisation)",
      alertsPer100: "— (aucune numérisation)",
    });
    expect(mail.text).toContain("PAR ÉTABLISSEMENT\n  Harbour View Hotel\n    Arrivées : 200\n");
    expect(mail.text).toContain("    Arrivées à antécédents : 3, dont 2 sans prise en compte à la réception\n");
    expect(mail.text).toContain("Listes en attente de votre validation : 2 (dont 1 en retard)\n");
    expect(mail.text).toMatch(
      /\nArrêtez ce courriel en un clic : https:\/\/daybook\.example\.com\/unsubscribe\?token=t$/,
    );
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain(
      "Voici la journée du <strong>dimanche 22 novembre 2026</strong> dans vos établissements.",
    );
    // The Overview's figures in the Overview's own French words, as the French Overview shows them.
    const overview = translatorFor("fr", "overview");
    expect(digest.blocks.map((block) => block.heading)).toEqual([
      overview("blocks.heading.totals"),
      overview("blocks.heading.alerts"),
      overview("blocks.heading.warnings"),
    ]);
    expect(line(digest, overview("tiles.label.scans"))).toEqual({
      label: overview("tiles.label.scans"),
      value: "200",
      change: overview("change.up", { amount: "12,5" }),
    });
    expect(line(digest, overview("tiles.label.manualEntry")).change).toBe(overview("change.none"));
    // Nothing is left in English: every word but the names the API sent and the links.
    const words = mail.text
      .replace(/https?:\/\/\S+/g, "")
      .replaceAll(HARBOUR, "")
      .replaceAll(RIVERSIDE, "");
    expect(words).not.toMatch(/\b(the|and|your|of|at|not|no|scans?|arrivals?|propert(y|ies)|stored|recorded)\b/i);
  });

  it("keeps the 12-hour clock for a person who reads on one, and the 24-hour one where they chose it", () => {
    const hour = { hour: 7, zone: "America/Toronto" };
    expect(buildDigest(sources({ hour }), english).timing).toBe(
      "It goes out at 7 AM in America/Toronto or later, once the day is stored.",
    );
    const london = voiceOf({ language: "en", region: "en-GB", hourCycle: "h23", weekStart: 1 });
    expect(buildDigest(sources({ hour }), london).timing).toBe(
      "It goes out at 07:00 in America/Toronto or later, once the day is stored.",
    );
    // Where the digest does not wait for the hour (the demo), it promises none.
    expect(buildDigest(sources(), english).timing).toBeNull();
  });

  it("writes the alert and the test e-mail in the recipient's language", () => {
    const alert = buildCriminalAlert({
      day: "2026-11-22",
      recipientName: "Sam",
      publicUrl: "https://d.example",
      criminal: new Map([[HARBOUR, { total: 3, notAcknowledged: 2 }]]),
    })!;
    const mail = renderCriminalAlert(alert, "https://d.example/unsubscribe?token=a", montreal);
    expect(mail.subject).toBe(
      "Alerte Daybook : 2 arrivées à antécédents non prises en compte à la réception (dimanche 22 novembre 2026)",
    );
    expect(mail.text).toContain("Harbour View Hotel : 2 sur 3 sans prise en compte à la réception");
    expect(mail.html).toContain(
      '<a href="https://d.example/criminal-arrivals?day=2026-11-22&amp;property=Harbour+View+Hotel">Harbour View Hotel</a> : 2 sur 3',
    );
    const test = renderTestMail("Ada", "https://d.example/settings", montreal);
    expect(test.subject).toBe("Daybook : un courriel de test");
    expect(test.text).toContain("Vos réglages des courriels : https://d.example/settings");
    expect(renderTestMail("Ada", "https://d.example/settings", english).text).toContain(
      "This is the test e-mail you asked for on Admin → Mail",
    );
  });
});
