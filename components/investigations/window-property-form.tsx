import { useTranslations } from "next-intl";
import type { FormEventHandler, ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import type { InvestigationScreen } from "@/lib/core/access";
import { investigationPath, WINDOWS, type WindowDays } from "@/lib/features/investigations/view";

/**
 * The window and the property every investigation is cut to, then a screen's own choices
 * (`children`): a plain GET form, so a view is an address to share and works without script. The
 * property is offered only from `choices` (empty for a person with one property: it could only
 * repeat that property). No state here, so a screen rendered on the server uses it as it is (its
 * words come from useTranslations, which both sides have); a list's filter (ListFilter) adds its
 * own submit.
 */
export function WindowPropertyForm({
  action,
  idPrefix,
  label,
  testId,
  window,
  property,
  choices,
  everyProperty,
  windowClassName = "w-44",
  hidden = {},
  onSubmit,
  children,
}: {
  action: string;
  /** The fields' ids: `<idPrefix>-window`, `<idPrefix>-property`. */
  idPrefix: string;
  /** The form's accessible name. */
  label: string;
  testId: string;
  window: WindowDays;
  property: string | null;
  /** The properties to choose from, by label; empty for none. */
  choices: readonly string[];
  /** The property choice's first option: no property filter. */
  everyProperty?: string;
  windowClassName?: string;
  /** Choices made elsewhere on the screen, kept as they are (before the window, as the address has them). */
  hidden?: Readonly<Record<string, string>>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children?: ReactNode;
}) {
  const t = useTranslations("investigations.parts.form");
  return (
    <form
      action={action}
      method="get"
      onSubmit={onSubmit}
      className="flex flex-wrap items-end gap-3"
      aria-label={label}
      data-testid={testId}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={windowClassName}>
        <SelectField id={`${idPrefix}-window`} name="window" label={t("days")} defaultValue={String(window)}>
          {WINDOWS.map((days) => (
            <option key={days} value={days}>
              {t("lastDays", { days })}
            </option>
          ))}
        </SelectField>
      </div>
      {choices.length > 0 ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField id={`${idPrefix}-property`} name="property" label={t("property")} defaultValue={property ?? ""}>
            <option value="">{everyProperty ?? t("everyProperty")}</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {children}
      <Button type="submit" size="field" variant="secondary">
        {t("show")}
      </Button>
    </form>
  );
}

/** The window and the property of a screen whose other choices are made on it (Match outcomes, Alert response, Staff flags). */
export function WindowPropertyControls({
  screen,
  hidden,
  ...choice
}: {
  screen: InvestigationScreen;
  window: WindowDays;
  property: string | null;
  /** Every property of the person's, by label; empty for one. */
  choices: readonly string[];
  hidden?: Readonly<Record<string, string>>;
}) {
  const t = useTranslations("investigations.parts.form");
  return (
    <WindowPropertyForm
      {...choice}
      action={investigationPath(screen)}
      idPrefix={screen}
      label={t("chooseDaysAndProperty")}
      testId={`${screen}-controls`}
      hidden={hidden}
    />
  );
}

/** One of a list filter's closed choices (an order, a rule), each by its words; `none`, an option for none of them. */
export function ChoiceField<T extends string>({
  id,
  name,
  label,
  value,
  choices,
  labels,
  none,
  className,
}: {
  id: string;
  name: string;
  label: string;
  value: T | null;
  choices: readonly T[];
  labels: Readonly<Record<T, string>>;
  none?: string;
  className: string;
}) {
  return (
    <div className={className}>
      <SelectField id={id} name={name} label={label} defaultValue={value ?? ""}>
        {none !== undefined ? <option value="">{none}</option> : null}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
