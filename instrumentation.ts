/** Runs once when a server starts, before it answers any request. */
export async function register() {
  // NEXT_RUNTIME is Next's own build-time constant, not configuration: it keeps Node-only code out of the Edge bundle.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startDaybook } = await import("@/lib/features/admin/setup");
    await startDaybook();
  }
}
