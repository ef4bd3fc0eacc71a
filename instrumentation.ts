/** Runs once when a server starts: a bad configuration stops start-up here, not on a first page view. */
export async function register() {
  // NEXT_RUNTIME is Next's own build-time constant, not configuration: it keeps Node-only code out of the Edge bundle.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { exitOnInvalidConfig } = await import("./lib/config/startup");
    exitOnInvalidConfig();
  }
}
