/**
 * First-load JavaScript of each app route, gzipped, divided by the bare Next page's.
 *
 * Method: read from the build's manifests, not from a browser. Next 16 (Turbopack) no longer prints
 * sizes and writes no app-build-manifest.json; what a route's first load runs is
 *   - build-manifest.json `rootMainFiles` (the runtime, React, the router: every app route), plus
 *   - the chunks in the route's client reference manifest's `entryJSFiles`
 *     (server/app/<route>/page_client-reference-manifest.js): the client components of the page and of
 *     each layout, loading and error boundary above it, all referenced from the first RSC payload;
 *     not-found boundaries are left out (their chunks load only when a page is not found), except on
 *     the not-found page itself.
 * `polyfillFiles` are left out (nomodule: modern browsers skip them). Each distinct file counts once,
 * gzipped at level 9 as Next's own size report did. Checked against Chromium: on /, /guests,
 * /properties and /criminal-arrivals the scripts a signed-in first load fetches before `load` are
 * exactly these files. Unlike a browser this needs no server, data or sign-in, and covers dynamic
 * routes (/admin/users/[id]) too.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

import { atMost, row, spec, type Row } from "../report";

export const BUNDLE_PREFIX = "bundle.first-load-js";
const TARGET = atMost(1.4);

interface RouteJs {
  route: string;
  files: string[];
  gzipBytes: number;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** Every page route of a build with the JavaScript its first load needs. */
function routesOf(dir: string): RouteJs[] {
  const next = path.join(dir, ".next");
  const buildManifest = readJson<{ rootMainFiles?: string[] }>(path.join(next, "build-manifest.json"));
  const routes = readJson<Record<string, string>>(path.join(next, "app-path-routes-manifest.json"));
  const rootMain = buildManifest.rootMainFiles ?? [];
  const gzipCache = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(next, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };

  const result: RouteJs[] = [];
  for (const [entry, route] of Object.entries(routes)) {
    // Pages only (route handlers send no JavaScript); Next's own global-error page is not an app route.
    if (!entry.endsWith("/page") || entry === "/_global-error/page") continue;
    const manifestFile = path.join(next, "server", "app", `${entry}_client-reference-manifest.js`);
    const entryFiles = existsSync(manifestFile) ? clientEntryFiles(manifestFile, route === "/_not-found") : [];
    const files = [...new Set([...rootMain, ...entryFiles])].map((file) => file.replace(/^\/?_next\//, ""));
    result.push({ route, files, gzipBytes: files.reduce((sum, file) => sum + gzipped(file), 0) });
  }
  return result.sort((a, b) => a.route.localeCompare(b.route));
}

/** The manifest is a script that assigns globalThis.__RSC_MANIFEST[entry]; run it in a sandbox. */
function clientEntryFiles(manifestFile: string, notFoundPage: boolean): string[] {
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  runInNewContext(readFileSync(manifestFile, "utf8"), sandbox);
  return Object.values(sandbox.__RSC_MANIFEST ?? {}).flatMap((manifest) =>
    Object.entries(manifest.entryJSFiles ?? {})
      .filter(([segment]) => notFoundPage || !segment.endsWith("/not-found"))
      .flatMap(([, files]) => files),
  );
}

export function bundleRows(appDir: string, bareDir: string): Row[] {
  const bare = routesOf(bareDir).find((route) => route.route === "/");
  if (!bare) throw new Error("the bare build has no / page");
  return routesOf(appDir).map((route) =>
    row(spec(`${BUNDLE_PREFIX}.${route.route}`, "x bare page", TARGET), route.gzipBytes / bare.gzipBytes, {
      gzipBytes: route.gzipBytes,
      bareGzipBytes: bare.gzipBytes,
      files: route.files.length,
      method: "build manifests (rootMainFiles + client reference manifest entryJSFiles), gzip -9",
    }),
  );
}
