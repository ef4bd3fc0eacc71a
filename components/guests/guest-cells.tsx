"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { LocalTime } from "@/components/reports/local-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { isNotKept, type PolicyField } from "@/lib/core/privacy";
import type { GuestColumnId } from "@/lib/features/guests/columns";
import { calendarDate, genderWords, SOURCE_KEYS } from "@/lib/features/guests/fields";
import type { RevealState } from "@/lib/features/guests/hooks";
import type { DisplayRow } from "@/lib/features/guests/rows";
import { screeningBadges } from "@/lib/features/guests/screening";
import { useFormat } from "@/lib/features/preferences/hooks";

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-stone-500 italic">{children}</span>;
}

/** A calendar date (a date of birth, a document's expiry): no zone, in the person's format. */
function LocalDate({ value }: { value: string }) {
  const format = useFormat();
  const date = calendarDate(value);
  return <time dateTime={date}>{format.dayWithYear(date)}</time>;
}

function Text({ value }: { value: string }) {
  const t = useTranslations("guests.cells");
  return value.trim() === "" ? <Muted>{t("notCaptured")}</Muted> : <>{value}</>;
}

/** Where the property's privacy policy did not keep `field`: its words; null where it was kept. */
function useNotKept(item: DisplayRow["item"], field: PolicyField): string | null {
  const t = useTranslations("guests.cells");
  return isNotKept(item, field) ? t("notKept", { policy: item.notKept!.policy }) : null;
}

/** What stands where the property's privacy policy did not keep a field: said, never a blank. */
function NotKept({ item, field, children }: { item: DisplayRow["item"]; field: PolicyField; children: ReactNode }) {
  const text = useNotKept(item, field);
  return text ? <Muted>{text}</Muted> : <>{children}</>;
}

interface CellContext {
  asOf: string | null;
  reveal: RevealState | undefined;
  onReveal: () => void;
  onHide: () => void;
}

function Identification({ row, context }: { row: DisplayRow; context: CellContext }) {
  const t = useTranslations("guests.cells");
  const { reveal } = context;
  const masked = row.item.identificationNumber;
  const notKept = useNotKept(row.item, "document");
  if (notKept || masked === undefined) return <Muted>{notKept}</Muted>;
  const who = row.nameCaptured ? row.name : t("nameNotCaptured");
  if (reveal?.status === "shown") {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm break-all" data-testid="revealed-id">
          {reveal.number}
        </code>
        <Button variant="link" onClick={context.onHide} className="text-xs" aria-label={t("hideOf", { who })}>
          {t("hide")}
        </Button>
      </span>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm" aria-label={t("masked", { ending: masked.replace(/•/g, "") })}>
          {masked}
        </code>
        <Button
          size="xs"
          onClick={context.onReveal}
          disabled={reveal?.status === "pending"}
          aria-label={t("revealOf", { who })}
        >
          {reveal?.status === "pending" ? t("revealing") : t("reveal")}
        </Button>
      </span>
      {reveal?.status === "error" ? (
        <span role="alert" className="text-xs text-red-800">
          {reveal.message}
        </span>
      ) : null}
    </span>
  );
}

/** One cell's content; every string from the API is rendered as text. */
export function GuestCell({ id, row, context }: { id: GuestColumnId; row: DisplayRow; context: CellContext }) {
  const t = useTranslations("guests");
  const item = row.item;
  switch (id) {
    case "name":
      return row.nameCaptured ? (
        <span className="font-medium text-stone-900">{row.name}</span>
      ) : (
        <Muted>{t("cells.nameNotCaptured")}</Muted>
      );
    case "property":
      return <>{row.property}</>;
    case "room":
      return <Text value={item.roomNumber} />;
    case "checkIn":
      return <LocalTime instant={item.checkInAtUtc} timeZone={item.propertyTimeZone} wrap />;
    case "checkInDate":
      return <LocalDate value={item.checkInDateLocal} />;
    case "screening":
      return (
        <span className="flex flex-wrap gap-1">
          {screeningBadges(item).map((badge) => (
            <Badge
              key={badge.id}
              tone={badge.tone}
              title={badge.asOf && context.asOf ? t("cells.asOf", { at: context.asOf }) : undefined}
            >
              {t(`screening.${badge.words}`)}
              {badge.asOf && context.asOf ? (
                <span className="sr-only">, {t("cells.asOf", { at: context.asOf })}</span>
              ) : null}
            </Badge>
          ))}
        </span>
      );
    case "staff":
      return item.isFlagged ? <Badge tone="info">{t("staff.flagged")}</Badge> : <Muted>{t("staff.notFlagged")}</Muted>;
    case "dateOfBirth":
      return (
        <NotKept item={item} field="dateOfBirth">
          {item.dateOfBirth !== undefined && <LocalDate value={item.dateOfBirth} />}
        </NotKept>
      );
    case "gender":
      return item.gender === null ? (
        <Muted>{t(`gender.${genderWords(null)}`)}</Muted>
      ) : (
        <>{t(`gender.${genderWords(item.gender)}`)}</>
      );
    case "identification":
      return <Identification row={row} context={context} />;
    case "documentExpiry": {
      if (item.documentExpirationDate === undefined)
        return (
          <NotKept item={item} field="document">
            {null}
          </NotKept>
        );
      const expired = item.documentExpirationDate.slice(0, 10) < item.checkInDateLocal;
      return (
        <span className="flex flex-col">
          <LocalDate value={item.documentExpirationDate} />
          {expired ? <span className="text-xs text-amber-800">{t("cells.expired")}</span> : null}
        </span>
      );
    }
    case "address": {
      if (item.address === undefined)
        return (
          <NotKept item={item} field="address">
            {null}
          </NotKept>
        );
      const line2 = [item.city, [item.state, item.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
      return (
        <span className="flex flex-col">
          <Text value={item.address} />
          {line2 ? <span className="text-stone-600">{line2}</span> : null}
        </span>
      );
    }
    case "email":
      return (
        <span className="break-all">
          <NotKept item={item} field="email">
            <Text value={item.email ?? ""} />
          </NotKept>
        </span>
      );
    case "phone":
      return (
        <NotKept item={item} field="phone">
          <Text value={item.phone ?? ""} />
        </NotKept>
      );
    case "source":
      // A source Daybook does not know is shown as the API sent it.
      return <>{item.source in SOURCE_KEYS ? t(`source.${SOURCE_KEYS[item.source]}`) : item.source}</>;
  }
}
