import { useTranslations } from "next-intl";

/** The properties an access covers, in a few words for a table cell or a summary, in the person's language. */
export function usePropertiesInWords(): (allProperties: boolean, properties: readonly string[]) => string {
  const t = useTranslations("admin.sso.access");
  return (allProperties, properties) => {
    if (allProperties) return t("allProperties");
    return properties.length === 0 ? t("noProperties") : properties.join(", ");
  };
}
