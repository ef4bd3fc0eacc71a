/** The properties an access covers, in a few words for a table cell or a summary. */
export function propertiesInWords(allProperties: boolean, properties: readonly string[]): string {
  if (allProperties) return "All properties";
  return properties.length === 0 ? "No properties" : properties.join(", ");
}
