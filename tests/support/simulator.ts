import type { RequestLogEntry } from "@/simulator/request-log";
import { startSimulator, type SimulatorOptions } from "@/simulator/server";

export type LoggedRequest = RequestLogEntry;

/** A real simulator on an ephemeral port, driven through its HTTP control endpoints. */
export async function launchSimulator(options: SimulatorOptions = {}) {
  const simulator = await startSimulator({ port: 0, quiet: true, ...options });
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${simulator.url}/__simulator/${path}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`simulator control ${method} ${path}: ${response.status}`);
    return response.json();
  };
  return {
    url: simulator.url,
    close: () => simulator.close(),
    reset: () => control("POST", "reset"),
    queueFaults: (...next: string[]) => control("POST", "faults", { next }),
    setFaults: (faults: Record<string, unknown>) => control("POST", "faults", faults),
    setClock: (now: string | null) => control("POST", "clock", { now }),
    requests: async (): Promise<LoggedRequest[]> => (await control("GET", "requests")).requests,
    clearRequests: () => control("DELETE", "requests"),
  };
}

export type LaunchedSimulator = Awaited<ReturnType<typeof launchSimulator>>;
