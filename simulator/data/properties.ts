import type { Country, Place } from "./locales";

export interface Property {
  /** Stable seed identity; unaffected by name edits and identical in default and large mode. */
  readonly id: string;
  readonly name: string;
  readonly timeZone: string;
  readonly country: Country;
  readonly place: Place;
  /** Some properties do not configure a local radius, so their localAlert is "not recorded". */
  readonly recordsLocalAlert: boolean;
  readonly ageLimit: number;
  /** Arrivals per local day; null for a property with no activity ever. */
  readonly volume: { readonly min: number; readonly max: number } | null;
  /** Guarantees the rare states (sex-offender-only, late ban, markup name…) every day. */
  readonly showcase: boolean;
}

const AGE_LIMIT = 21;

export const DEFAULT_PROPERTIES: readonly Property[] = [
  {
    id: "harbour-view",
    name: "Harbour View Hotel",
    timeZone: "Pacific/Honolulu",
    country: "US",
    place: { city: "Honolulu", state: "HI", zip: "968##" },
    recordsLocalAlert: true,
    ageLimit: AGE_LIMIT,
    volume: { min: 140, max: 280 },
    showcase: false,
  },
  {
    id: "seaside-la",
    name: "Seaside Suites",
    timeZone: "America/Los_Angeles",
    country: "US",
    place: { city: "Santa Monica", state: "CA", zip: "904##" },
    recordsLocalAlert: true,
    ageLimit: AGE_LIMIT,
    volume: { min: 90, max: 220 },
    showcase: false,
  },
  {
    id: "seaside-ny",
    name: "Seaside Suites",
    timeZone: "America/New_York",
    country: "US",
    place: { city: "Atlantic City", state: "NJ", zip: "084##" },
    recordsLocalAlert: true,
    ageLimit: AGE_LIMIT,
    volume: { min: 60, max: 180 },
    showcase: false,
  },
  {
    id: "riverside-co",
    name: "Riverside & Co. Hotel",
    timeZone: "America/New_York",
    country: "US",
    place: { city: "Savannah", state: "GA", zip: "314##" },
    recordsLocalAlert: true,
    ageLimit: AGE_LIMIT,
    volume: { min: 80, max: 200 },
    showcase: true,
  },
  {
    id: "obriens-lodge",
    name: "O'Brien's Lodge",
    timeZone: "Europe/Dublin",
    country: "IE",
    place: { city: "Galway", state: "Co. Galway", zip: "H91 ####" },
    recordsLocalAlert: false,
    ageLimit: AGE_LIMIT,
    volume: { min: 20, max: 70 },
    showcase: false,
  },
  {
    id: "elysee-montreal",
    name: "Hôtel Élysée Montréal",
    timeZone: "America/Toronto",
    country: "CA",
    place: { city: "Montréal", state: "QC", zip: "H2X #A#" },
    recordsLocalAlert: true,
    ageLimit: AGE_LIMIT,
    volume: { min: 70, max: 190 },
    showcase: false,
  },
  {
    id: "sakura-shinjuku",
    name: "さくらイン 新宿",
    timeZone: "Asia/Tokyo",
    country: "JP",
    place: { city: "新宿区", state: "東京都", zip: "160-####" },
    recordsLocalAlert: false,
    ageLimit: AGE_LIMIT,
    volume: { min: 120, max: 300 },
    showcase: false,
  },
  {
    id: "grand-zurich",
    name: "Grand Hotel Zürich",
    timeZone: "Europe/Zurich",
    country: "CH",
    place: { city: "Zürich", state: "ZH", zip: "80##" },
    recordsLocalAlert: true,
    ageLimit: AGE_LIMIT,
    volume: { min: 50, max: 160 },
    showcase: false,
  },
  {
    id: "quiet-pines",
    name: "Quiet Pines Motel",
    timeZone: "America/Denver",
    country: "US",
    place: { city: "Estes Park", state: "CO", zip: "805##" },
    recordsLocalAlert: true,
    ageLimit: AGE_LIMIT,
    volume: null,
    showcase: false,
  },
  {
    id: "outback-rest",
    name: "Outback Rest",
    timeZone: "Australia/Sydney",
    country: "AU",
    place: { city: "Dubbo", state: "NSW", zip: "28##" },
    recordsLocalAlert: false,
    ageLimit: AGE_LIMIT,
    volume: { min: 20, max: 90 },
    showcase: false,
  },
];

interface Region {
  readonly timeZone: string;
  readonly country: Country;
  readonly places: readonly Place[];
}

const LARGE_REGIONS: readonly Region[] = [
  {
    timeZone: "America/New_York",
    country: "US",
    places: [
      { city: "Boston", state: "MA", zip: "021##" },
      { city: "Miami", state: "FL", zip: "331##" },
      { city: "New York", state: "NY", zip: "100##" },
    ],
  },
  {
    timeZone: "America/Chicago",
    country: "US",
    places: [
      { city: "Chicago", state: "IL", zip: "606##" },
      { city: "Austin", state: "TX", zip: "787##" },
      { city: "Nashville", state: "TN", zip: "372##" },
    ],
  },
  { timeZone: "America/Denver", country: "US", places: [{ city: "Denver", state: "CO", zip: "802##" }] },
  { timeZone: "America/Phoenix", country: "US", places: [{ city: "Phoenix", state: "AZ", zip: "850##" }] },
  {
    timeZone: "America/Los_Angeles",
    country: "US",
    places: [
      { city: "Los Angeles", state: "CA", zip: "900##" },
      { city: "Seattle", state: "WA", zip: "981##" },
    ],
  },
  { timeZone: "Pacific/Honolulu", country: "US", places: [{ city: "Honolulu", state: "HI", zip: "968##" }] },
  {
    timeZone: "America/Toronto",
    country: "CA",
    places: [
      { city: "Toronto", state: "ON", zip: "M5V #K#" },
      { city: "Québec", state: "QC", zip: "G1R #B#" },
    ],
  },
  {
    timeZone: "Europe/London",
    country: "GB",
    places: [
      { city: "London", state: "", zip: "SW1A #AA" },
      { city: "Edinburgh", state: "", zip: "EH# #XY" },
    ],
  },
  {
    timeZone: "Europe/Berlin",
    country: "DE",
    places: [
      { city: "Berlin", state: "BE", zip: "10###" },
      { city: "München", state: "BY", zip: "80###" },
    ],
  },
  {
    timeZone: "Asia/Kolkata",
    country: "IN",
    places: [
      { city: "Mumbai", state: "MH", zip: "400###" },
      { city: "Bengaluru", state: "KA", zip: "560###" },
    ],
  },
  {
    timeZone: "Asia/Tokyo",
    country: "JP",
    places: [
      { city: "渋谷区", state: "東京都", zip: "150-####" },
      { city: "大阪市", state: "大阪府", zip: "530-####" },
    ],
  },
  {
    timeZone: "Australia/Sydney",
    country: "AU",
    places: [
      { city: "Sydney", state: "NSW", zip: "20##" },
      { city: "Melbourne", state: "VIC", zip: "30##" },
    ],
  },
  // A worldwide group: with these, the zones reach from UTC−10 to UTC+14, more than a day apart.
  // Guests there are drawn from the nearest locale the generator has.
  { timeZone: "America/Anchorage", country: "US", places: [{ city: "Anchorage", state: "AK", zip: "995##" }] },
  { timeZone: "America/Halifax", country: "CA", places: [{ city: "Halifax", state: "NS", zip: "B3H #A#" }] },
  { timeZone: "America/Sao_Paulo", country: "US", places: [{ city: "São Paulo", state: "SP", zip: "01###-000" }] },
  { timeZone: "Atlantic/Azores", country: "GB", places: [{ city: "Ponta Delgada", state: "", zip: "95##-###" }] },
  { timeZone: "Africa/Cairo", country: "GB", places: [{ city: "Cairo", state: "", zip: "11###" }] },
  { timeZone: "Europe/Istanbul", country: "DE", places: [{ city: "İstanbul", state: "", zip: "34###" }] },
  { timeZone: "Asia/Dubai", country: "IN", places: [{ city: "Dubai", state: "", zip: "" }] },
  { timeZone: "Asia/Kathmandu", country: "IN", places: [{ city: "Kathmandu", state: "", zip: "44600" }] },
  { timeZone: "Asia/Bangkok", country: "JP", places: [{ city: "Bangkok", state: "", zip: "10###" }] },
  { timeZone: "Asia/Singapore", country: "AU", places: [{ city: "Singapore", state: "", zip: "0####" }] },
  { timeZone: "Australia/Brisbane", country: "AU", places: [{ city: "Brisbane", state: "QLD", zip: "40##" }] },
  { timeZone: "Pacific/Noumea", country: "AU", places: [{ city: "Nouméa", state: "", zip: "988##" }] },
  { timeZone: "Pacific/Auckland", country: "AU", places: [{ city: "Auckland", state: "", zip: "10##" }] },
  { timeZone: "Pacific/Kiritimati", country: "AU", places: [{ city: "Kiritimati", state: "", zip: "" }] },
];

/** The generated property in Kiritimati (UTC+14), the last region: paired with Honolulu by a key. */
export const KIRITIMATI_PROPERTY_ID = `large-${String(LARGE_REGIONS.length).padStart(3, "0")}`;

const LARGE_PREFIXES = [
  "Cedar",
  "Maple",
  "Harbor",
  "Summit",
  "Lakeside",
  "Willow",
  "Granite",
  "Sunset",
  "Coral",
  "Aspen",
  "Bayfront",
  "Meadow",
  "Juniper",
  "Silver",
  "Northgate",
  "Old Mill",
  "Copper",
  "Redwood",
  "Lantern",
  "Canal",
];
const LARGE_KINDS = ["Inn", "Hotel", "Lodge", "Suites", "Motel", "Resort", "House", "Court"];

export const LARGE_GENERATED_COUNT = 190;

/** The ten named properties plus 190 generated ones; fixed for every seed (the seed drives data, not the catalogue). */
export function largeProperties(): Property[] {
  const names = new Set(DEFAULT_PROPERTIES.map((property) => property.name));
  const generated: Property[] = [];
  for (let i = 0; i < LARGE_GENERATED_COUNT; i++) {
    const region = LARGE_REGIONS[i % LARGE_REGIONS.length];
    const prefix = LARGE_PREFIXES[i % LARGE_PREFIXES.length];
    const kind = LARGE_KINDS[Math.floor(i / LARGE_PREFIXES.length) % LARGE_KINDS.length];
    if (!region || !prefix || !kind) throw new Error("large catalogue tables are empty");
    const place = region.places[Math.floor(i / LARGE_REGIONS.length) % region.places.length];
    if (!place) throw new Error("large catalogue region without places");
    let name = `${prefix} ${kind} ${place.city}`;
    for (let n = 2; names.has(name); n++) name = `${prefix} ${kind} ${place.city} ${n}`;
    names.add(name);
    generated.push({
      id: `large-${String(i + 1).padStart(3, "0")}`,
      name,
      timeZone: region.timeZone,
      country: region.country,
      place,
      recordsLocalAlert: i % 5 !== 4,
      ageLimit: AGE_LIMIT,
      volume: { min: 50, max: 150 },
      showcase: false,
    });
  }
  return [...DEFAULT_PROPERTIES, ...generated];
}

export function catalogue(large: boolean): readonly Property[] {
  return large ? largeProperties() : DEFAULT_PROPERTIES;
}
