import createNextIntlPlugin from "next-intl/plugin";

// The words of each request come from the person's language (lib/features/preferences/request-config.ts).
const withNextIntl = createNextIntlPlugin("./lib/features/preferences/request-config.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Applied only under `next start`: scripts/server.mjs compresses itself when no proxy is in front
  // (behind nginx, deploy/nginx/daybook.conf gzips every answer).
  compress: false,
  // The embedded database ships WASM and data files, and pdfkit its font metrics and colour profile,
  // that must be loaded from node_modules at run time (fontkit, its font parser, with it). prom-client
  // is loaded from there too, so that every bundle and scripts/server.mjs share one copy of it (and
  // the one registry it fills).
  serverExternalPackages: ["@electric-sql/pglite", "fontkit", "pdfkit", "prom-client"],
  // Daybook uses no next/image; with the optimiser off, /_next/image is a 404 for everyone, signed in
  // or not, rather than an endpoint that fetches and resizes on anyone's request.
  images: { unoptimized: true },
  // `npm test` runs the TypeScript compiler over the whole project beside the build, and a failure
  // there stops the build's chain (scripts/test.mjs): in that run the build's own check of the app
  // would be the same work twice. Any other build checks the types itself.
  typescript: { ignoreBuildErrors: process.env.DAYBOOK_TYPES_CHECKED_BESIDE === "1" },
  // On every response, errors and static files included; the Content-Security-Policy (with its
  // per-request nonce) and HSTS come from proxy.ts. Referrer-Policy is same-origin, not no-referrer:
  // under no-referrer a browser sends "Origin: null" with a plain form post, which Next then refuses
  // as a cross-site server action (the theme toggle and sign-in work without script).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          {
            key: "Permissions-Policy",
            value:
              "accelerometer=(), autoplay=(), bluetooth=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
              "hid=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), serial=(), usb=()",
          },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
