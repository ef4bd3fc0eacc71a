"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { canonicalTimeZone } from "@/lib/core/locale";

const noSubscription = () => () => {};
const thisDevicesZone = (): string | null => Intl.DateTimeFormat().resolvedOptions().timeZone || null;
// The server knows no device: the offer appears only once the page has hydrated.
const noDevice = (): string | null => null;

/** Whether two names are the same zone here ("Asia/Calcutta" and "Asia/Kolkata" are). */
function sameZone(a: string, b: string): boolean {
  const first = canonicalTimeZone(a);
  return first !== null && first === canonicalTimeZone(b);
}

/**
 * The person's own zone, for Daybook's own events: typed, with every zone the server knows offered
 * as the person types, and the device's zone one click away where it is not already the choice.
 * The server checks what is sent; it stores the zone as it lists it. The field is uncontrolled, so
 * that what is typed before the page hydrates is not drawn over once it has.
 */
export function ZoneField({ initial, zones, error }: { initial: string; zones: readonly string[]; error?: string }) {
  const t = useTranslations("settings.locale");
  const field = useRef<HTMLInputElement>(null);
  const [zone, setZone] = useState(initial);
  const device = useSyncExternalStore(noSubscription, thisDevicesZone, noDevice);
  const offer = device && !sameZone(device, zone) ? device : null;
  return (
    <div className="min-w-0 space-y-2">
      <TextField
        id="locale-time-zone"
        name="timeZone"
        label={t("timeZone")}
        hint={t("timeZoneHint")}
        ref={field}
        defaultValue={initial}
        onChange={(event) => setZone(event.target.value)}
        list="locale-time-zones"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        error={error}
      />
      <datalist id="locale-time-zones">
        {zones.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {offer ? (
        <Button
          size="sm"
          className="max-w-full text-left [overflow-wrap:anywhere]"
          onClick={() => {
            if (field.current) field.current.value = offer;
            setZone(offer);
          }}
          data-testid="use-device-zone"
        >
          {t("deviceZone", { zone: offer })}
        </Button>
      ) : null}
    </div>
  );
}
