"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { BANNED_PATH, bannedHref, MAX_BANNED_SEARCH } from "@/lib/features/insights/banned-view";
import type { BannedAfterStayPage } from "@/lib/features/insights/server";
import { useFormat } from "@/lib/features/preferences/hooks";

/** The property and day filters: a plain GET form, so a filtered list is an address to share. */
export function BannedFilter({ list }: { list: BannedAfterStayPage }) {
  const t = useTranslations("insights.bannedAfterStay.filter");
  const format = useFormat();
  const router = useRouter();
  const bounds = { min: list.days.from ?? undefined, max: list.days.to ?? undefined };
  const stays = (count: number) => ({ count, n: format.number(count) });
  return (
    <form
      action={BANNED_PATH}
      method="get"
      // With script, the address leaves out what is not chosen (a bare form would send "from=&to=").
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = form.get(name);
          return typeof value === "string" && value !== "" ? value : null;
        };
        router.push(bannedHref({ property: text("property"), from: text("from"), to: text("to") }));
      }}
      className="flex flex-wrap items-end gap-3"
      aria-label={t("label")}
      data-testid="banned-filter"
    >
      {list.properties.length > 1 ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField
            id="banned-property"
            name="property"
            label={t("property")}
            defaultValue={list.property?.label ?? ""}
          >
            <option value="">{t("allProperties", stays(list.all))}</option>
            {list.properties.map((property) => (
              <option key={property.label} value={property.label}>
                {t("propertyOption", { label: property.label, ...stays(property.stays) })}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <TextField
          id="banned-from"
          name="from"
          type="date"
          label={t("from")}
          defaultValue={list.range.from ?? ""}
          {...bounds}
        />
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <TextField
          id="banned-to"
          name="to"
          type="date"
          label={t("to")}
          defaultValue={list.range.to ?? ""}
          {...bounds}
        />
      </div>
      <Button type="submit" size="field" variant="secondary">
        {t("show")}
      </Button>
      {list.property || list.range.from || list.range.to ? (
        <Link href={BANNED_PATH} className="pb-2 text-sm text-sky-800 underline">
          {t("everything")}
        </Link>
      ) : null}
    </form>
  );
}

/**
 * The name search: sent with an action, so a guest's name never sits in the address, the
 * browser's history or an access log. "Clear" goes back to the list of the address.
 */
export function BannedSearch({
  search,
  pending,
  onSearch,
  onClear,
}: {
  search: string;
  pending: boolean;
  onSearch: (q: string) => void;
  onClear: () => void;
}) {
  const t = useTranslations("insights.bannedAfterStay.search");
  const [text, setText] = useState(search);
  return (
    <form
      role="search"
      aria-label={t("label")}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <div className="w-full min-w-0 sm:w-72">
        <TextField
          id="banned-search"
          name="q"
          type="search"
          label={t("name")}
          autoComplete="off"
          maxLength={MAX_BANNED_SEARCH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" size="field" variant="secondary" disabled={pending}>
        {pending ? t("searching") : t("search")}
      </Button>
      {search ? (
        <Button
          type="button"
          size="field"
          variant="secondary"
          onClick={() => {
            setText("");
            onClear();
          }}
        >
          {t("clear")}
        </Button>
      ) : null}
    </form>
  );
}
