import type { NameCulture } from "./names";
import { digits, fillDigits, intBetween, pick, type Rng } from "./prng";

// Realistic-looking but fake contact details: 555 numbers, example domains, random document numbers.

export type Country = "US" | "CA" | "IE" | "JP" | "CH" | "AU" | "GB" | "DE" | "IN";

export interface Place {
  readonly city: string;
  readonly state: string;
  /** `#` is replaced by a random digit. */
  readonly zip: string;
}

interface Locale {
  readonly places: readonly Place[];
  readonly streets: readonly string[];
  readonly address: (rng: Rng, street: string) => string;
  readonly phone: (rng: Rng) => string;
  readonly idNumber: (rng: Rng) => string;
  readonly cultures: Readonly<Record<NameCulture, number>>;
}

const numberFirst = (rng: Rng, street: string): string => `${intBetween(rng, 1, 9899)} ${street}`;
const numberLast = (rng: Rng, street: string): string => `${street} ${intBetween(rng, 1, 140)}`;

export const LOCALES: Readonly<Record<Country, Locale>> = {
  US: {
    places: [
      { city: "Honolulu", state: "HI", zip: "968##" },
      { city: "Santa Monica", state: "CA", zip: "904##" },
      { city: "Los Angeles", state: "CA", zip: "900##" },
      { city: "Atlantic City", state: "NJ", zip: "084##" },
      { city: "Savannah", state: "GA", zip: "314##" },
      { city: "Estes Park", state: "CO", zip: "805##" },
      { city: "Austin", state: "TX", zip: "787##" },
      { city: "Chicago", state: "IL", zip: "606##" },
      { city: "Phoenix", state: "AZ", zip: "850##" },
      { city: "Seattle", state: "WA", zip: "981##" },
      { city: "Boston", state: "MA", zip: "021##" },
      { city: "Miami", state: "FL", zip: "331##" },
      { city: "Denver", state: "CO", zip: "802##" },
      { city: "New York", state: "NY", zip: "100##" },
      { city: "Nashville", state: "TN", zip: "372##" },
    ],
    streets: [
      "Oak Street",
      "Maple Avenue",
      "Kalākaua Avenue",
      "Ocean Drive",
      "Elm Street",
      "Broadway",
      "Pine Ridge Road",
      "Main Street",
      "Lakeshore Drive",
      "Sunset Boulevard",
      "Peachtree Lane",
      "Apt. 4B, 12th Street",
    ],
    address: numberFirst,
    phone: (rng) => `+1 ${intBetween(rng, 201, 989)}-555-01${digits(rng, 2)}`,
    idNumber: (rng) => `${pick(rng, ["D", "S", "W", "F", "K"])}${digits(rng, 7)}`,
    cultures: { english: 70, romance: 18, germanic: 4, japanese: 5, russian: 3 },
  },
  CA: {
    places: [
      { city: "Montréal", state: "QC", zip: "H2X #A#" },
      { city: "Québec", state: "QC", zip: "G1R #B#" },
      { city: "Toronto", state: "ON", zip: "M5V #K#" },
      { city: "Ottawa", state: "ON", zip: "K1P #C#" },
      { city: "Vancouver", state: "BC", zip: "V6B #E#" },
    ],
    streets: [
      "rue Sainte-Catherine",
      "boulevard Saint-Laurent",
      "rue Saint-Denis",
      "avenue du Mont-Royal",
      "Queen Street West",
      "rue de l'Église",
    ],
    address: (rng, street) => `${intBetween(rng, 1, 4999)}, ${street}`,
    phone: (rng) => `+1 ${pick(rng, ["514", "438", "416", "613"])}-555-01${digits(rng, 2)}`,
    idNumber: (rng) => `${pick(rng, ["T", "G", "L"])}${digits(rng, 4)}-${digits(rng, 6)}-${digits(rng, 2)}`,
    cultures: { english: 40, romance: 50, germanic: 3, japanese: 3, russian: 4 },
  },
  IE: {
    places: [
      { city: "Galway", state: "Co. Galway", zip: "H91 ####" },
      { city: "Dublin", state: "Co. Dublin", zip: "D02 ####" },
      { city: "Cork", state: "Co. Cork", zip: "T12 ####" },
      { city: "Limerick", state: "Co. Limerick", zip: "V94 ####" },
    ],
    streets: ["Shop Street", "Quay Street", "O'Connell Street", "Grafton Street", "Eyre Square", "Mainguard Street"],
    address: numberFirst,
    phone: (rng) => `+353 85 555 ${digits(rng, 4)}`,
    idNumber: (rng) => `P${pick(rng, ["A", "B", "C"])}${digits(rng, 7)}`,
    cultures: { english: 80, romance: 8, germanic: 5, japanese: 2, russian: 5 },
  },
  JP: {
    places: [
      { city: "新宿区", state: "東京都", zip: "160-####" },
      { city: "渋谷区", state: "東京都", zip: "150-####" },
      { city: "大阪市", state: "大阪府", zip: "530-####" },
      { city: "京都市", state: "京都府", zip: "604-####" },
      { city: "Sapporo", state: "Hokkaido", zip: "060-####" },
    ],
    streets: ["西新宿", "歌舞伎町", "神宮前", "梅田", "Nishi-Shinjuku"],
    address: (rng, street) => `${street}${intBetween(rng, 1, 8)}-${intBetween(rng, 1, 30)}-${intBetween(rng, 1, 20)}`,
    phone: (rng) => `+81 90-5555-${digits(rng, 4)}`,
    idNumber: (rng) => `T${pick(rng, ["R", "K", "Z"])}${digits(rng, 7)}`,
    cultures: { english: 15, romance: 3, germanic: 2, japanese: 78, russian: 2 },
  },
  CH: {
    places: [
      { city: "Zürich", state: "ZH", zip: "80##" },
      { city: "Genève", state: "GE", zip: "12##" },
      { city: "Bern", state: "BE", zip: "30##" },
      { city: "Basel", state: "BS", zip: "40##" },
      { city: "Luzern", state: "LU", zip: "60##" },
    ],
    streets: ["Bahnhofstrasse", "Limmatquai", "Rue du Rhône", "Marktgasse", "Seefeldstrasse", "Töpferstrasse"],
    address: numberLast,
    phone: (rng) => `+41 79 555 ${digits(rng, 2)} ${digits(rng, 2)}`,
    idNumber: (rng) => `${pick(rng, ["S", "X", "C"])}${digits(rng, 7)}`,
    cultures: { english: 20, romance: 25, germanic: 45, japanese: 4, russian: 6 },
  },
  AU: {
    places: [
      { city: "Dubbo", state: "NSW", zip: "28##" },
      { city: "Sydney", state: "NSW", zip: "20##" },
      { city: "Melbourne", state: "VIC", zip: "30##" },
      { city: "Brisbane", state: "QLD", zip: "40##" },
      { city: "Alice Springs", state: "NT", zip: "08##" },
    ],
    streets: ["Macquarie Street", "George Street", "Bourke Street", "Wingewarra Street", "Todd Mall"],
    address: numberFirst,
    phone: (rng) => `+61 4 5555 ${digits(rng, 4)}`,
    idNumber: (rng) => `${digits(rng, 8)}`,
    cultures: { english: 75, romance: 8, germanic: 5, japanese: 8, russian: 4 },
  },
  GB: {
    places: [
      { city: "London", state: "", zip: "SW1A #AA" },
      { city: "Manchester", state: "", zip: "M# #BB" },
      { city: "Edinburgh", state: "", zip: "EH# #XY" },
      { city: "Bath", state: "", zip: "BA# #AB" },
    ],
    streets: ["High Street", "Baker Street", "Princes Street", "King's Road", "Royal Crescent"],
    address: numberFirst,
    phone: (rng) => `+44 7700 900${digits(rng, 3)}`,
    idNumber: (rng) => `${pick(rng, ["MORGA", "SMITH", "OCONN"])}${digits(rng, 6)}J9${pick(rng, ["AB", "CD", "XY"])}`,
    cultures: { english: 80, romance: 8, germanic: 5, japanese: 3, russian: 4 },
  },
  DE: {
    places: [
      { city: "Berlin", state: "BE", zip: "10###" },
      { city: "München", state: "BY", zip: "80###" },
      { city: "Köln", state: "NW", zip: "50###" },
      { city: "Hamburg", state: "HH", zip: "20###" },
    ],
    streets: ["Friedrichstraße", "Kurfürstendamm", "Schloßallee", "Hauptstraße", "Königsallee"],
    address: numberLast,
    phone: (rng) => `+49 151 5555 ${digits(rng, 4)}`,
    idNumber: (rng) => `L${digits(rng, 2)}${pick(rng, ["X", "Y", "Z"])}${digits(rng, 5)}`,
    cultures: { english: 15, romance: 10, germanic: 65, japanese: 3, russian: 7 },
  },
  IN: {
    places: [
      { city: "Mumbai", state: "MH", zip: "400###" },
      { city: "Bengaluru", state: "KA", zip: "560###" },
      { city: "New Delhi", state: "DL", zip: "110###" },
      { city: "Jaipur", state: "RJ", zip: "302###" },
    ],
    streets: ["MG Road", "Linking Road", "Connaught Place", "Brigade Road", "Park Street"],
    address: numberFirst,
    phone: (rng) => `+91 98${digits(rng, 3)} 55${digits(rng, 3)}`,
    idNumber: (rng) => `${pick(rng, ["MH", "KA", "DL"])}${digits(rng, 2)} ${digits(rng, 11)}`,
    cultures: { english: 85, romance: 5, germanic: 3, japanese: 3, russian: 4 },
  },
};

export const COUNTRIES = Object.keys(LOCALES) as Country[];

export function randomPlace(rng: Rng, country: Country): Place {
  return pick(rng, LOCALES[country].places);
}

export function fillZip(rng: Rng, place: Place): string {
  return fillDigits(rng, place.zip).trim();
}
