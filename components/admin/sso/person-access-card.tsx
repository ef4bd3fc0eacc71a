import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EventInstant } from "@/components/ui/instants";
import { None } from "@/components/ui/none";
import type { User } from "@/lib/features/admin/types";

import { AccessSourceForm } from "./access-source-form";
import { usePropertiesInWords } from "./access-words";
import { BreakGlassToggle } from "./break-glass-toggle";
import { UnlinkForm } from "./unlink-form";

type PersonAccess = Pick<
  User,
  | "id"
  | "role"
  | "allProperties"
  | "properties"
  | "accessSource"
  | "mappedRole"
  | "mappedAllProperties"
  | "mappedProperties"
  | "mappedAt"
  | "breakGlass"
>;

/** Whether a person's page has anything to say about single sign-on. */
export function showsSingleSignOn(user: PersonAccess): boolean {
  return user.mappedAt !== null || user.accessSource === "mapping" || user.breakGlass || user.role === "admin";
}

/** A person's access as set by hand beside what the provider's groups give, and which of the two decides. */
export function PersonAccessCard({
  user,
  isSelf,
  linkedAt,
}: {
  user: PersonAccess;
  isSelf: boolean;
  /** When the account was linked to an identity at the provider; null: not linked. */
  linkedAt: Date | null;
}) {
  const t = useTranslations("admin.sso.person");
  const tCommon = useTranslations("common");
  const byHand = user.accessSource === "hand";
  const mappedAt = user.mappedAt;
  return (
    <Card title={t("title")}>
      <div className="space-y-4 text-sm">
        <p className="text-stone-700" data-testid="sso-last-sign-in">
          {mappedAt ? t.rich("lastSignIn", { at: () => <EventInstant at={mappedAt} /> }) : t("neverSignedIn")}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <AccessBlock title={t("byHand")} inEffect={byHand}>
            {byHand ? <AccessWords role={tCommon(`roles.${user.role}`)} properties={user} /> : <None />}
          </AccessBlock>
          <AccessBlock title={t("fromGroups")} inEffect={!byHand}>
            {user.mappedAt === null ? (
              t("notKnownYet")
            ) : user.mappedRole ? (
              <AccessWords
                role={tCommon(`roles.${user.mappedRole}`)}
                properties={{ allProperties: user.mappedAllProperties, properties: user.mappedProperties }}
              />
            ) : (
              t("noRole")
            )}
          </AccessBlock>
        </div>
        <p className="text-stone-600">{t("handWins")}</p>
        <UnlinkForm id={user.id} linkedAt={linkedAt} />
        <AccessSourceForm
          id={user.id}
          source={user.accessSource}
          signedInThroughProvider={user.mappedAt !== null}
          isSelf={isSelf}
        />
        {user.role === "admin" ? (
          <div className="border-t border-stone-200 pt-4">
            <BreakGlassToggle id={user.id} breakGlass={user.breakGlass}>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-stone-900">
                {t("breakGlassAdmin")}
                {user.breakGlass ? <Badge tone="warning">{t("breakGlass")}</Badge> : null}
              </p>
              <p className="text-stone-600">{t("breakGlassRule")}</p>
            </BreakGlassToggle>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

function AccessBlock({ title, inEffect, children }: { title: string; inEffect: boolean; children: ReactNode }) {
  const t = useTranslations("admin.sso.person");
  return (
    <section
      aria-label={title}
      className={`rounded-md border p-3 ${inEffect ? "border-brand-600 bg-brand-50" : "border-stone-200 bg-white"}`}
    >
      <h3 className="mb-1 flex flex-wrap items-center gap-2 font-medium text-stone-800">
        {title}
        {inEffect ? <Badge tone="ok">{t("inEffect")}</Badge> : null}
      </h3>
      <div className="text-stone-900">{children}</div>
    </section>
  );
}

function AccessWords({
  role,
  properties,
}: {
  role: string;
  properties: { allProperties: boolean; properties: readonly string[] };
}) {
  const propertiesInWords = usePropertiesInWords();
  return (
    <>
      <p className="font-medium">{role}</p>
      <p className="[overflow-wrap:anywhere] text-stone-700">
        {propertiesInWords(properties.allProperties, properties.properties)}
      </p>
    </>
  );
}
