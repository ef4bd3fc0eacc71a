"use client";

import { useTranslations } from "next-intl";
import Form from "next/form";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";

import { Button, buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import {
  choiceZonesWords,
  isSharedChoice,
  matchPropertyChoices,
  propertyChoiceLabel,
  soleProperty,
  type PropertyChoice,
} from "@/lib/core/property-choices";

/**
 * The property filter of a report screen: a GET form, so the filter lives in the address
 * (`?property=`), a filtered view can be shared and reloaded, and the server narrows the report.
 * The field is a combobox over the person's own properties: typing narrows the list as the API
 * matches names (casing and spacing aside), and choosing one shows it. A person with one property
 * gets no filter: it could only repeat that property.
 */
export function PropertyFilterForm({
  action,
  property,
  day,
  choices,
  compact = false,
  className = "",
}: {
  /** The screen's own path. */
  action: string;
  property?: string;
  /** The stored day shown, kept when the filter changes. */
  day?: string;
  /** The person's properties; a name with several zones is shared, and the API refuses it as a filter. */
  choices: readonly PropertyChoice[];
  /** Inline among other controls: the help is read out but not shown. */
  compact?: boolean;
  className?: string;
}) {
  const t = useTranslations("reports.propertyFilter");
  const common = useTranslations("common");
  const id = `${action.replace(/\W/g, "")}-property`;
  const listId = `${id}-list`;
  const optionIds = useId();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(property ?? "");
  const [shownFor, setShownFor] = useState(property);
  if (shownFor !== property) {
    // The address changed the filter (a choice shown, "Clear filter"): the field says what is shown.
    setShownFor(property);
    setText(property ?? "");
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = useMemo(() => matchPropertyChoices(choices, text), [choices, text]);
  const shared = choices.filter(isSharedChoice);
  const expanded = open && matches.length > 0;

  if (soleProperty(choices) !== null && !property) return null;

  function choose(choice: PropertyChoice) {
    // The field must hold the name before the form reads it.
    flushSync(() => {
      setText(choice.name);
      setOpen(false);
      setActive(-1);
    });
    form.current?.requestSubmit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!open) setOpen(true);
      if (matches.length > 0) setActive((index) => (index + step + matches.length) % matches.length);
    } else if (event.key === "Enter" && expanded && active >= 0 && matches[active]) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <Form ref={form} action={action} className={`min-w-0 space-y-1 ${className}`} role="search" aria-label={t("label")}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t("property")}
      </label>
      {day ? <input type="hidden" name="day" value={day} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <input
            id={id}
            name="property"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${optionIds}-${active}` : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            placeholder={t("placeholder")}
            autoComplete="off"
            aria-describedby={`${id}-help`}
            className={`${inputClass} h-10`}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t("yourProperties")}
            hidden={!expanded}
            className="absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg"
          >
            {matches.map((choice, index) => (
              <li
                key={choice.name}
                id={`${optionIds}-${index}`}
                role="option"
                aria-selected={index === active}
                // Keeps the field's focus, so the list is not closed before the choice lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
                className={`cursor-pointer px-3 py-2 text-sm break-words text-stone-900 hover:bg-stone-100 ${
                  index === active ? "bg-stone-100" : ""
                }`}
              >
                {propertyChoiceLabel(choice, common)}
              </li>
            ))}
          </ul>
        </div>
        <Button type="submit" variant="primary" size="field">
          {t("show")}
        </Button>
        {property ? (
          <Link
            href={day ? `${action}?day=${encodeURIComponent(day)}` : action}
            className={`inline-flex h-10 items-center px-2 text-sm ${buttonClass("link")}`}
          >
            {t("clear")}
          </Link>
        ) : null}
      </div>
      <p id={`${id}-help`} className={compact ? "sr-only" : "text-xs text-stone-600"}>
        {t("help")}
      </p>
      {open && text.trim() !== "" && matches.length === 0 ? (
        <p className="text-xs text-stone-600" role="status">
          {t("noMatch")}
        </p>
      ) : null}
      {shared.length > 0 ? (
        <p className="text-xs text-stone-600" data-testid="shared-names">
          {t("shared", {
            names: shared
              .map((choice) =>
                t("sharedName", {
                  name: choice.name,
                  count: choice.zones.length,
                  zones: choiceZonesWords(choice, common),
                }),
              )
              .join(" "),
          })}
        </p>
      ) : null}
    </Form>
  );
}
