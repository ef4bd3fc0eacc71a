import { describe, expect, it } from "vitest";

import { endpointUrl } from "./request";

describe("endpointUrl", () => {
  it("joins the path onto a base URL with or without a path prefix", () => {
    expect(endpointUrl("https://api.example.com", "guests", {}).toString()).toBe(
      "https://api.example.com/api/public/v1/guests",
    );
    expect(endpointUrl("https://gw.example.com/partner", "usage/dashboard", {}).toString()).toBe(
      "https://gw.example.com/partner/api/public/v1/usage/dashboard",
    );
    expect(endpointUrl("https://gw.example.com/partner/", "criminal-arrivals", {}).toString()).toBe(
      "https://gw.example.com/partner/api/public/v1/criminal-arrivals",
    );
  });

  it("encodes property names with spaces, ampersands, accents and other scripts", () => {
    const url = endpointUrl("https://api.example.com", "guests", { propertyName: "Riverside & Co. Hotel" });
    expect(url.search).toBe("?propertyName=Riverside%20%26%20Co.%20Hotel");
    expect(url.searchParams.get("propertyName")).toBe("Riverside & Co. Hotel");
    for (const name of ["Hôtel Élysée Montréal", "さくらイン 新宿", "O'Brien's Lodge", "50%+1 #2"]) {
      expect(
        endpointUrl("https://api.example.com", "guests", { propertyName: name }).searchParams.get("propertyName"),
      ).toBe(name);
    }
  });

  it("leaves out parameters that are not given", () => {
    expect(endpointUrl("https://api.example.com", "guests", { propertyName: undefined }).search).toBe("");
  });
});
