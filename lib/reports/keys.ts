/** One query key per report and filter, shared by the server's prefetch and the browser's hooks. */
export const reportKeys = {
  all: ["reports"] as const,
  usage: (day?: string) => ["reports", "usage", { day: day ?? null }] as const,
  guests: (propertyName?: string, day?: string) => ["reports", "guests", { propertyName: propertyName ?? null, day: day ?? null }] as const,
  criminalArrivals: (propertyName?: string, day?: string) =>
    ["reports", "criminal-arrivals", { propertyName: propertyName ?? null, day: day ?? null }] as const,
};

export const REPORT_PATHS = {
  usage: "/api/reports/usage",
  guests: "/api/reports/guests",
  criminalArrivals: "/api/reports/criminal-arrivals",
} as const;
