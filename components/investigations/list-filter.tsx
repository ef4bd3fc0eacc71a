"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";

import type { InvestigationScreen } from "@/lib/core/access";
import { investigationPath, type WindowDays } from "@/lib/features/investigations/view";

import { WindowPropertyForm } from "./window-property-form";

/** What a list filter's form sent: the window, the property (null for every one) and any other field by name. */
export interface FilterChoice {
  window: WindowDays;
  property: string | null;
  field: (name: string) => string | null;
}

/**
 * A list's filter (Missed bans, Repeat visitors): the window, the property for a person with
 * several, then the list's own choices (`children`). A GET form, so the view is an address to share;
 * with script, the form goes to `href` of what it holds, so the address leaves out what is left at
 * its default.
 */
export function ListFilter({
  screen,
  window,
  property,
  choices,
  everyProperty,
  href,
  children,
}: {
  screen: InvestigationScreen;
  window: WindowDays;
  property: string | null;
  choices: readonly string[];
  everyProperty?: string;
  href: (choice: FilterChoice) => string;
  children: ReactNode;
}) {
  const t = useTranslations("investigations.parts.form");
  const router = useRouter();
  return (
    <WindowPropertyForm
      action={investigationPath(screen)}
      idPrefix={screen}
      label={t("chooseList")}
      testId={`${screen}-filter`}
      window={window}
      property={property}
      // One property to choose could only repeat the list.
      choices={choices.length > 1 ? choices : []}
      everyProperty={everyProperty}
      windowClassName="w-full min-w-0 sm:w-44"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const field = (name: string) => {
          const value = form.get(name);
          return typeof value === "string" && value !== "" ? value : null;
        };
        router.push(href({ window: Number(field("window")) as WindowDays, property: field("property"), field }));
      }}
    >
      {children}
    </WindowPropertyForm>
  );
}
