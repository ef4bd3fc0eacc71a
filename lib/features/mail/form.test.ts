import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { mailSettingsFormSchema } from "./form";
import type { refusal } from "./settings";

type Refusal = ReturnType<typeof refusal>;

/** FormData as authedAction hands it to the schema: a repeated or `[]` field becomes an array. */
const form = (fields: Record<string, string | string[]>) => fields;

describe("the mail settings form", () => {
  it("reads ticked boxes, the hour and a chosen zone", () => {
    expect(
      mailSettingsFormSchema.parse(
        form({ digest: "on", "alerts[]": ["criminalUnacknowledged"], hour: "6", zone: "Europe/Lisbon" }),
      ),
    ).toEqual({ digest: true, alerts: { criminalUnacknowledged: true }, hour: 6, zone: "Europe/Lisbon" });
  });

  it("reads an unticked box as off and the first option as the first property's zone", () => {
    expect(mailSettingsFormSchema.parse(form({ hour: "0", zone: "" }))).toEqual({
      digest: false,
      alerts: { criminalUnacknowledged: false },
      hour: 0,
      zone: null,
    });
  });

  it("refuses an hour out of range, a zone Daybook does not know and an alert it does not send, by field", () => {
    // The schema names each refusal by its key in the `mail` catalogue; the action words it for the person.
    const en = translatorFor("en", "mail");
    const fr = translatorFor("fr", "mail");
    const issues = (fields: Record<string, string | string[]>) =>
      mailSettingsFormSchema
        .safeParse(form(fields))
        .error?.issues.map((issue) => [issue.path[0], en(issue.message as Refusal)]);
    expect(issues({ hour: "24", zone: "" })).toEqual([["hour", "The hour is between 0 and 23."]]);
    expect(issues({ hour: "7am", zone: "" })).toEqual([["hour", "The hour is between 0 and 23."]]);
    expect(issues({ hour: "7", zone: "Mars/Olympus_Mons" })).toEqual([
      ["zone", "That is not a time zone Daybook knows."],
    ]);
    expect(issues({ hour: "7", zone: "", "alerts[]": ["everything"] })).toEqual([
      ["alerts[]", "That is not an alert Daybook sends."],
    ]);
    expect(issues({ zone: "" })).toEqual([["hour", "Choose an hour."]]);
    expect(
      fr(mailSettingsFormSchema.safeParse(form({ hour: "24", zone: "" })).error!.issues[0]!.message as Refusal),
    ).toBe("L’heure est comprise entre 0 et 23.");
  });
});
