/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The embedded database ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  // Daybook uses no next/image; with the optimiser off, /_next/image is a 404 for everyone, signed in
  // or not, rather than an endpoint that fetches and resizes on anyone's request.
  images: { unoptimized: true },
};

export default nextConfig;
