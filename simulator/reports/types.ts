// The contract's shapes as the simulator emits them. Deliberately not shared with the app:
// the simulator stands in for an external service and must not lean on the client's view of it.

export type Gender = "MALE" | "FEMALE" | "UNKNOWN";
export type ArrivalSource = "scan" | "scan manual entry" | "manual entry";

export interface GuestItem {
  propertyName: string;
  propertyTimeZone: string;
  checkInAtUtc: string;
  checkInDateLocal: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  dateOfBirth: string;
  gender: Gender | null;
  identificationNumber: string;
  documentExpirationDate: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  roomNumber: string;
  email: string;
  phone: string;
  isFlagged: boolean;
  hasCriminalRecord: boolean;
  isSexualOffender: boolean;
  matchedBanAtCheckIn: boolean | null;
  isCurrentlyBanned: boolean;
  source: ArrivalSource;
}

export interface GuestsReport {
  totalCount: number;
  propertyName?: string;
  reportedDateLocal: string;
  message: string | null;
  items: GuestItem[];
}

export interface CriminalItem {
  propertyName: string;
  checkInAtUtc: string;
  checkInDateLocal: string;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  hasCriminalRecord: boolean;
  isSexualOffender: boolean;
  crimeTypes: string[];
  offenseDescriptions: string[];
  acknowledgedAtUtc: string | null;
  acknowledgedAtLocal: string | null;
  source: ArrivalSource;
}

export interface CriminalReport {
  totalCount: number;
  propertyName?: string;
  reportedDateLocal: string;
  items: CriminalItem[];
}

export interface Metric {
  value: number | null;
  changePercent: number | null;
}

export const ROW_FIGURES = [
  "scans",
  "manualEntry",
  "bansAdded",
  "criminalMatches",
  "sexOffenderMatches",
  "banMatches",
  "criminal",
  "sexOffender",
  "ageAlert",
  "localAlert",
] as const;

export type RowFigure = (typeof ROW_FIGURES)[number];

export type PropertyRow = { propertyName: string } & Record<RowFigure, number>;

export interface UsageReport {
  reportedDateLocal: string;
  fromUtc: string;
  toUtc: string;
  reportGeneratedAt: string;
  apiRequestedAt: string;
  totals: Record<"scans" | "manualEntry" | "bansAdded" | "criminalMatches" | "sexOffenderMatches", Metric>;
  alerts: Record<"banMatches" | "criminal" | "sexOffender", Metric>;
  warnings: Record<"ageAlert" | "localAlert", Metric>;
  byProperty: PropertyRow[];
  activity: { granularity: "DAILY"; points: Array<{ date: string; scans: number }> };
  message: string | null;
}
