import type { Messages } from "./catalogue";
import type { Language } from "./locale";

// Every key a component asks for is checked against the English catalogue when the types are checked.
declare module "next-intl" {
  interface AppConfig {
    Locale: Language;
    Messages: Messages;
  }
}
