import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/**
 * The message catalogue's check (`npm run check:messages`, and scripts/catalogue-check.test.ts in
 * `npm test`): every language has the same keys as English, with the same values to fill in; every
 * message parses as ICU; and every key is used somewhere in the code. A key counts as used where its
 * namespace is asked for (`useTranslations("ns")`, `getTranslations("ns")`, `translatorFor(language, "ns")`
 * or `namespace: "ns"`)
 * and its last part is written as a string in the code: keys picked at run time from a list of
 * literals (a navigation item's label) count too. Words written outside the catalogue are ESLint's
 * part (eslint.config.mjs, `TRANSLATED`).
 */

type Tree = { [key: string]: string | Tree };

export interface CatalogueProblem {
  kind: "missing" | "extra" | "unparsable" | "arguments" | "unused";
  language: string;
  key: string;
  detail?: string;
}

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [inner, text] of flatten(value, full)) out.set(inner, text);
  }
  return out;
}

function readLanguage(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const tree = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Tree;
    for (const [key, text] of flatten(tree, file.replace(/\.json$/, ""))) out.set(key, text);
  }
  return out;
}

/** The names a message fills in ({count}, <strong>): both languages must ask for the same. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

const NAMESPACE =
  /(?:useTranslations|getTranslations)\(\s*"([^"]+)"|namespace:\s*"([^"]+)"|translatorFor\([^,()]+,\s*"([^"]+)"/g;
const LITERAL = /["'`]([A-Za-z0-9_.]+)["'`$]/g;

export function checkCatalogue({
  messagesDir,
  sourceDirs,
  reference = "en",
}: {
  messagesDir: string;
  sourceDirs: string[];
  reference?: string;
}): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const languages = readdirSync(messagesDir).filter((name) => statSync(path.join(messagesDir, name)).isDirectory());
  const catalogues = new Map(languages.map((language) => [language, readLanguage(path.join(messagesDir, language))]));
  const english = catalogues.get(reference) ?? new Map<string, string>();

  const parsed = new Map<string, Set<string>>();
  for (const [language, messages] of catalogues) {
    for (const [key, text] of messages) {
      try {
        parsed.set(`${language}|${key}`, argumentsOf(parse(text)));
      } catch (error) {
        problems.push({ kind: "unparsable", language, key, detail: (error as Error).message });
      }
    }
    if (language === reference) continue;
    for (const key of english.keys()) if (!messages.has(key)) problems.push({ kind: "missing", language, key });
    for (const key of messages.keys()) {
      if (!english.has(key)) problems.push({ kind: "extra", language, key });
      const own = parsed.get(`${language}|${key}`);
      const theirs = parsed.get(`${reference}|${key}`);
      if (own && theirs && [...own].sort().join() !== [...theirs].sort().join())
        problems.push({
          kind: "arguments",
          language,
          key,
          detail: `${[...own].join(", ")} where ${reference} has ${[...theirs].join(", ")}`,
        });
    }
  }

  const namespaces = new Set<string>();
  const literals = new Set<string>();
  for (const file of sourceDirs.flatMap((dir) => sourceFiles(dir))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(NAMESPACE)) namespaces.add((match[1] ?? match[2] ?? match[3])!);
    for (const match of text.matchAll(LITERAL)) literals.add(match[1]!);
  }
  for (const key of english.keys()) {
    const parts = key.split(".");
    const asked = parts.some((_, index) => namespaces.has(parts.slice(0, index + 1).join(".")));
    const written = parts.some((_, index) => literals.has(parts.slice(index).join(".")));
    if (!asked || !written) problems.push({ kind: "unused", language: reference, key });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url))) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkCatalogue({
    messagesDir: path.join(root, "lib/core/messages"),
    sourceDirs: ["app", "components", "lib", "scripts"].map((dir) => path.join(root, dir)),
  });
  for (const problem of problems)
    console.error(`${problem.kind}: ${problem.language} ${problem.key}${problem.detail ? ` (${problem.detail})` : ""}`);
  console.log(problems.length === 0 ? "The catalogue is complete." : `${problems.length} problems in the catalogue.`);
  process.exit(problems.length === 0 ? 0 : 1);
}
