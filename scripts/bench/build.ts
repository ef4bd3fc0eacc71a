/**
 * Production builds, away from the working tree: a copy of the tree (without node_modules, .next,
 * .data, .git, .env files) with node_modules hard-linked in, built with `next build`; and a bare
 * Next page built the same way with the same Next and the same settings that change a bundle. Both
 * live in `<os tmpdir>/daybook-bench-<hash of the repository path>/`, kept after the run so that
 * `--skip-build` can reuse them; a developer's own `.next` is never touched.
 *
 * Why hard links rather than a symlinked node_modules: Turbopack refuses to resolve packages
 * through a symlink that leads out of the project root.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { baseEnv, onExit, runToEnd } from "./processes";
import { progress } from "./report";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Where the builds are kept between runs. */
export const BUILD_HOME = path.join(
  tmpdir(),
  `daybook-bench-${createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 10)}`,
);

export interface Builds {
  appDir: string;
  bareDir: string;
  info: BuildInfo;
}

export interface BuildInfo {
  builtAt: string;
  /** The commit the tree was on, "+ changes" when it had uncommitted ones. */
  source: string;
  home: string;
}

/** Top-level entries of the tree that are not part of a build. */
const NOT_COPIED = new Set(["node_modules", ".next", ".data", ".git", "test-results", "playwright-report"]);
const notCopied = (name: string) => NOT_COPIED.has(name) || name.startsWith(".env") || name.endsWith(".tsbuildinfo");

export function nextBin(dir: string): string {
  return path.join(dir, "node_modules", "next", "dist", "bin", "next");
}

/**
 * One bench at a time per checkout: they would build into, and run from, the same directory. The
 * lock names the process holding it; a lock whose process is gone is taken over.
 */
export function lockBuildHome(): void {
  mkdirSync(BUILD_HOME, { recursive: true });
  const lock = path.join(BUILD_HOME, "lock");
  if (existsSync(lock)) {
    const holder = Number(readFileSync(lock, "utf8"));
    let alive = false;
    try {
      alive = holder > 0 && holder !== process.pid && process.kill(holder, 0);
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`another bench (pid ${holder}) is using ${BUILD_HOME}`);
  }
  writeFileSync(lock, String(process.pid));
  onExit(() => rmSync(lock, { force: true }));
}

export async function buildAll(options: { app: boolean; bare: boolean }): Promise<Builds> {
  mkdirSync(BUILD_HOME, { recursive: true });
  const appDir = path.join(BUILD_HOME, "app");
  const bareDir = path.join(BUILD_HOME, "bare");
  if (options.app) {
    progress(`copying the tree to ${appDir}`);
    copyTree(REPO_ROOT, appDir);
    progress("next build (Daybook)…");
    await nextBuild(appDir, path.join(BUILD_HOME, "build-app.log"));
  }
  if (options.bare) {
    // The bare page changes only with Next and the settings: rebuilt only when they change.
    const stamp = JSON.stringify({ next: nextVersion(), settings: await bareSettings(), files: BARE_FILES });
    const stampFile = path.join(BUILD_HOME, "bare-stamp.json");
    const current =
      existsSync(path.join(bareDir, ".next", "BUILD_ID")) &&
      existsSync(stampFile) &&
      readFileSync(stampFile, "utf8") === stamp;
    if (current) {
      progress(`the bare page in ${bareDir} is current`);
    } else {
      rmSync(stampFile, { force: true });
      progress(`writing the bare page in ${bareDir}`);
      await writeBareApp(bareDir);
      progress("next build (bare page)…");
      await nextBuild(bareDir, path.join(BUILD_HOME, "build-bare.log"));
      writeFileSync(stampFile, stamp);
    }
  }
  const info: BuildInfo = { builtAt: new Date().toISOString(), source: sourceRevision(), home: BUILD_HOME };
  writeFileSync(path.join(BUILD_HOME, "build.json"), JSON.stringify(info, null, 2));
  return { appDir, bareDir, info };
}

/** The builds of the last run, for `--skip-build`; the bare page's only when its rows are asked for (`bare`). */
export function lastBuilds({ bare }: { bare: boolean }): Builds {
  const appDir = path.join(BUILD_HOME, "app");
  const bareDir = path.join(BUILD_HOME, "bare");
  for (const dir of bare ? [appDir, bareDir] : [appDir]) {
    if (!existsSync(path.join(dir, ".next", "BUILD_ID"))) {
      throw new Error(`--skip-build: no earlier build in ${dir}; run without --skip-build once`);
    }
  }
  const infoFile = path.join(BUILD_HOME, "build.json");
  const info = existsSync(infoFile)
    ? (JSON.parse(readFileSync(infoFile, "utf8")) as BuildInfo)
    : { builtAt: "unknown", source: "unknown", home: BUILD_HOME };
  return { appDir, bareDir, info };
}

async function nextBuild(dir: string, logFile: string): Promise<void> {
  rmSync(logFile, { force: true });
  await runToEnd(process.execPath, [nextBin(dir), "build"], { cwd: dir, env: baseEnv(), logFile });
}

function copyTree(root: string, dest: string): void {
  rmSync(dest, { recursive: true, force: true });
  cpSync(root, dest, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return relative === "" || !notCopied(relative.split(path.sep)[0]!);
    },
  });
  linkTree(path.join(root, "node_modules"), path.join(dest, "node_modules"), true);
}

/** Recreates a directory tree with hard links to its files (a copy when linking is not possible). */
function linkTree(source: string, dest: string, top = false): void {
  mkdirSync(dest, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    // node_modules/.cache holds tools' caches, not packages.
    if (top && entry.name === ".cache") continue;
    const from = path.join(source, entry.name);
    const to = path.join(dest, entry.name);
    if (entry.isDirectory()) {
      linkTree(from, to);
    } else if (entry.isSymbolicLink()) {
      symlinkSync(readlinkSync(from), to);
    } else {
      try {
        linkSync(from, to);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "EXDEV" && code !== "EPERM" && code !== "EMLINK") throw error;
        copyFileSync(from, to);
      }
    }
  }
}

/** The settings of Daybook's next.config that change what the browser is sent. */
const BUNDLE_SETTINGS = ["reactStrictMode", "reactCompiler", "compiler", "productionBrowserSourceMaps", "experimental"];

async function projectNextConfig(): Promise<Record<string, unknown>> {
  const file = ["next.config.mjs", "next.config.js", "next.config.ts"]
    .map((name) => path.join(REPO_ROOT, name))
    .find(existsSync);
  if (!file) return {};
  const loaded = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
  const config =
    typeof loaded === "function"
      ? await (loaded as (phase: string, context: object) => unknown)("phase-production-build", { defaultConfig: {} })
      : loaded;
  return (config ?? {}) as Record<string, unknown>;
}

async function bareSettings(): Promise<Record<string, unknown>> {
  const project = await projectNextConfig();
  return Object.fromEntries(BUNDLE_SETTINGS.filter((key) => key in project).map((key) => [key, project[key]]));
}

function nextVersion(): string {
  const file = path.join(REPO_ROOT, "node_modules", "next", "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

/** The bare app's two source files. */
const BARE_FILES = {
  "layout.tsx": `import type { ReactNode } from "react";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "page.tsx": `export default function Page() {
  return <h1>Hello</h1>;
}
`,
};

/** A throwaway Next app: one layout, one page with a heading. */
async function writeBareApp(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app"), { recursive: true });
  const packageJson = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { type?: string };
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "bare-next-page", private: true, type: packageJson.type ?? "commonjs" }, null, 2),
  );
  writeFileSync(
    path.join(dir, "next.config.mjs"),
    `export default ${JSON.stringify(await bareSettings(), null, 2)};\n`,
  );
  copyFileSync(path.join(REPO_ROOT, "tsconfig.json"), path.join(dir, "tsconfig.json"));
  for (const [name, text] of Object.entries(BARE_FILES)) writeFileSync(path.join(dir, "app", name), text);
  linkTree(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), true);
}

function sourceRevision(): string {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" });
  const head = git("rev-parse", "--short", "HEAD");
  if (head.status !== 0) return "unknown";
  const dirty = git("status", "--porcelain").stdout.trim() !== "";
  return `${head.stdout.trim()}${dirty ? " + changes" : ""}`;
}
