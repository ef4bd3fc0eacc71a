// `npm run check:imports`: the import graph of app/, components/ and lib/ (tests excluded), checked for
// what the layout forbids: a cycle between folders of lib/, a cycle between files, and a component
// importing from app/. Prints the three figures as JSON and exits 1 when any is above zero.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.ts$|\.test-support\.ts$/;

function walk(dir) {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return walk(relative);
    return SOURCE.test(name) && !TEST.test(name) ? [relative] : [];
  });
}

const files = ["app", "components", "lib"].flatMap(walk);
const known = new Set(files);

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate)) ?? null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;
const edges = new Map(files.map((file) => [file, new Set()]));
for (const file of files) {
  for (const match of readFileSync(path.join(root, file), "utf8").matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target && target !== file) edges.get(file).add(target);
  }
}

/** Tarjan's strongly connected components; a component of more than one node is a cycle. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

/** lib/core, lib/server/<area>, lib/features/<feature> (a file directly in lib/ or lib/server/ is its own). */
function folderOf(file) {
  const parts = file.split("/");
  const depth = parts[1] === "server" || parts[1] === "features" ? 3 : 2;
  return parts.length > depth ? parts.slice(0, depth).join("/") : file;
}

const folders = new Map();
for (const [file, targets] of edges) {
  if (!file.startsWith("lib/")) continue;
  const from = folderOf(file);
  if (!folders.has(from)) folders.set(from, new Set());
  for (const target of targets)
    if (target.startsWith("lib/") && folderOf(target) !== from) folders.get(from).add(folderOf(target));
}

const folderCycles = cycles(folders);
const fileCycles = cycles(edges);
const componentsImportingApp = files.filter(
  (file) => file.startsWith("components/") && [...edges.get(file)].some((target) => target.startsWith("app/")),
);

console.log(
  JSON.stringify(
    {
      files: files.length,
      folderCyclesInLib: folderCycles.length,
      fileCycles: fileCycles.length,
      componentsImportingApp: componentsImportingApp.length,
      ...(folderCycles.length > 0 && { folderCycleMembers: folderCycles }),
      ...(fileCycles.length > 0 && { fileCycleMembers: fileCycles }),
      ...(componentsImportingApp.length > 0 && { componentsImportingAppFiles: componentsImportingApp }),
    },
    null,
    2,
  ),
);
process.exitCode = folderCycles.length + fileCycles.length + componentsImportingApp.length > 0 ? 1 : 0;
