import "server-only";

import { parseConfig, type Config } from "./schema";

export { ConfigError, DEMO_API_KEY, RETRY_DEFAULTS, type Config } from "./schema";

let cached: Config | undefined;

/**
 * The one place that reads process.env. Validated on first use (start-up calls it from
 * instrumentation.ts) and then fixed for the life of the process.
 */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
