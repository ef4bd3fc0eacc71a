/** One query key per report and filter, shared by the server's prefetch and the browser's hooks. */
export const reportKeys = {
  all: ["reports"] as const,
  usage: () => ["reports", "usage"] as const,
  guests: (propertyName?: string) => ["reports", "guests", { propertyName: propertyName ?? null }] as const,
  criminalArrivals: (propertyName?: string) => ["reports", "criminal-arrivals", { propertyName: propertyName ?? null }] as const,
};

export const REPORT_PATHS = {
  usage: "/api/reports/usage",
  guests: "/api/reports/guests",
  criminalArrivals: "/api/reports/criminal-arrivals",
} as const;
