import { KIRITIMATI_PROPERTY_ID, type Property } from "./data/properties";

export type Endpoint = "guests" | "criminal-arrivals" | "usage";

export const ALL_ENDPOINTS: readonly Endpoint[] = ["guests", "criminal-arrivals", "usage"];

export interface SimulatorKey {
  readonly key: string;
  readonly label: string;
  readonly endpoints: readonly Endpoint[];
  /** Property ids the key reaches; "all" follows the catalogue (default or large mode). */
  readonly propertyIds: readonly string[] | "all";
  /** Upstream notice carried on the guests and usage reports of this key. */
  readonly message: string | null;
}

export const DEMO_KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";
export const RECALCULATED_MESSAGE = "Figures were recalculated after a late kiosk sync.";

export const KEYS: readonly SimulatorKey[] = [
  { key: DEMO_KEY, label: "full demo key", endpoints: ALL_ENDPOINTS, propertyIds: "all", message: null },
  {
    key: "feedface000000000000000000000001",
    label: "usage only",
    endpoints: ["usage"],
    propertyIds: "all",
    message: null,
  },
  {
    key: "feedface000000000000000000000002",
    label: "guests only",
    endpoints: ["guests"],
    propertyIds: "all",
    message: null,
  },
  {
    key: "feedface000000000000000000000003",
    label: "America/New_York properties only",
    endpoints: ALL_ENDPOINTS,
    propertyIds: ["seaside-ny", "riverside-co"],
    message: null,
  },
  {
    key: "feedface000000000000000000000004",
    label: "Harbour View Hotel only, with an upstream message",
    endpoints: ALL_ENDPOINTS,
    propertyIds: ["harbour-view"],
    message: RECALCULATED_MESSAGE,
  },
  {
    key: "feedface000000000000000000000005",
    label: "criminal arrivals only",
    endpoints: ["criminal-arrivals"],
    propertyIds: "all",
    message: null,
  },
  {
    key: "feedface000000000000000000000006",
    label: "Honolulu and Kiritimati (large mode): 24 hours apart, never on the same day",
    endpoints: ALL_ENDPOINTS,
    propertyIds: ["harbour-view", KIRITIMATI_PROPERTY_ID],
    message: null,
  },
];

export function findKey(header: string | undefined): SimulatorKey | null {
  if (header === undefined) return null;
  return KEYS.find((entry) => entry.key === header) ?? null;
}

export function propertiesForKey(key: SimulatorKey, catalogue: readonly Property[]): Property[] {
  const ids = key.propertyIds;
  if (ids === "all") return [...catalogue];
  return catalogue.filter((property) => ids.includes(property.id));
}
