import "server-only";
import { ConfigError, getConfig } from "./index";

/** Reads the configuration once at start-up; a bad one ends the process with a message naming the variable. */
export function exitOnInvalidConfig(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
