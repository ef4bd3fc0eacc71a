import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** ESLint as `npm run lint` runs it, on a file that is not on disk: the rules for its path apply. */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((m) => m.message);
}

const importing = (name: string, from: string) => `import { ${name} } from "${from}";\nexport const x = ${name};\n`;

describe("the import rules of the tiers", () => {
  it.each([
    { file: "lib/core/example.ts", code: importing("getDb", "@/lib/server/db"), words: "bottom tier" },
    { file: "lib/core/example.ts", code: 'import "server-only";\nexport const x = 1;\n', words: "isomorphic" },
    {
      file: "lib/server/example.ts",
      code: importing("getUsageReport", "@/lib/features/reports/server"),
      words: "only lib/core",
    },
    {
      file: "lib/features/comparison/example.ts",
      code: importing("reviewItem", "@/lib/features/review/repository"),
      words: "repository and actions",
    },
    {
      file: "lib/features/guests/example.ts",
      code: importing("getPartnerApi", "@/lib/server/partner-api"),
      words: "server.ts",
    },
    {
      file: "components/guests/example.tsx",
      code: importing("getDb", "@/lib/server/db"),
      words: "never import lib/server",
    },
    {
      file: "components/guests/example.tsx",
      code: importing("x", "@/app/(app)/guests/page"),
      words: "never import from app/",
    },
    {
      file: "app/(app)/example/page.tsx",
      code: importing("reviewItem", "@/lib/features/review/repository"),
      words: "server.ts",
    },
  ])("$file: an import refused, saying $words", async ({ file, code, words }) => {
    const messages = await restrictedImports(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(words);
  });

  it.each([
    { file: "lib/features/guests/server.ts", code: importing("getPartnerApi", "@/lib/server/partner-api") },
    { file: "lib/features/sync/run.ts", code: importing("getPartnerApi", "@/lib/server/partner-api") },
    {
      file: "lib/features/comparison/example.ts",
      code: importing("getReviewableCriminalArrivals", "@/lib/features/review/server"),
    },
    { file: "components/guests/example.tsx", code: importing("useGuestsReport", "@/lib/features/reports/hooks") },
  ])("$file: an import the layout allows", async ({ file, code }) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

describe("the import graph", () => {
  it("has no folder cycle in lib/, no file cycle and no component importing app/", () => {
    const output = execFileSync(process.execPath, [path.join(root, "scripts/import-graph.mjs")], { encoding: "utf8" });
    expect(JSON.parse(output)).toMatchObject({ folderCyclesInLib: 0, fileCycles: 0, componentsImportingApp: 0 });
  });
});
