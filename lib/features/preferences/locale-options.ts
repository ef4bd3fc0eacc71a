import { createFormatter } from "@/lib/core/format";
import { REGION_FORMATS, timeZoneChoices, WEEK_STARTS, type LocaleChoice } from "@/lib/core/locale";

/** A fixed afternoon, so that the examples show the difference between the clocks. */
const EXAMPLE = "2026-11-26T14:30:00Z";

/**
 * What the Settings form offers, worded for the person: each region named in their language with a
 * date and time written its way, the two clocks in their region, the days a week may start on, and
 * the zones they may choose for Daybook's own events.
 */
export function localeOptions(choice: LocaleChoice) {
  const names = new Intl.DisplayNames([choice.language], { type: "language" });
  const regions = REGION_FORMATS.map((region) => {
    const format = createFormatter({ region, hourCycle: choice.hourCycle, weekStart: choice.weekStart });
    const example = format.instant(EXAMPLE, "UTC").replace(/ UTC$/, "");
    return { value: region, label: names.of(region) ?? region, example };
  });
  const clock = (hourCycle: "h12" | "h23") =>
    createFormatter({ ...choice, hourCycle })
      .clock(EXAMPLE, "UTC")
      .replace(/ UTC$/, "");
  const weekday = createFormatter({ ...choice, region: choice.language === "fr" ? "fr-CA" : "en-US" });
  return {
    regions,
    clocks: { h12: clock("h12"), h23: clock("h23") },
    weekStarts: WEEK_STARTS.map((day) => ({ value: day, label: capitalise(weekday.weekday(day)) })),
    zones: timeZoneChoices(),
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
