import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { checkCatalogue } from "./catalogue-check";

const root = path.resolve(import.meta.dirname, "..");

describe("the message catalogue", () => {
  it("is complete: the same keys in every language, each parsed and used", () => {
    const problems = checkCatalogue({
      messagesDir: path.join(root, "lib/core/messages"),
      sourceDirs: ["app", "components", "lib", "scripts"].map((dir) => path.join(root, dir)),
    });
    expect(problems).toEqual([]);
  });

  describe("on a catalogue with faults", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "daybook-catalogue-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, content: unknown) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), typeof content === "string" ? content : JSON.stringify(content));
    };
    write("messages/en/page.json", {
      title: "Title",
      count: "{count, plural, one {# list} other {# lists}}",
      forgotten: "Nobody asks for this",
      broken: "An {unclosed",
      nav: { home: "Home" },
    });
    write("messages/fr/page.json", {
      title: "Titre",
      count: "{total, plural, one {# liste} other {# listes}}",
      forgotten: "Personne",
      broken: "Un {unclosed}",
      nav: { home: "Accueil" },
      extra: "De trop",
    });
    write(
      "src/page.tsx",
      'const t = useTranslations("page");\nconst items = [{ label: "nav.home" }];\nt("title"); t("count", { count }); t("broken");\n',
    );

    const problems = checkCatalogue({ messagesDir: path.join(dir, "messages"), sourceDirs: [path.join(dir, "src")] });
    const said = problems.map((problem) => `${problem.kind} ${problem.language} ${problem.key}`);

    it("names a key one language lacks and one it has too many", () => {
      write("messages/fr/page.json", { title: "Titre" });
      const missing = checkCatalogue({ messagesDir: path.join(dir, "messages"), sourceDirs: [path.join(dir, "src")] });
      expect(missing.map((problem) => `${problem.kind} ${problem.key}`)).toContain("missing page.nav.home");
      expect(said).toContain("extra fr page.extra");
    });

    it("names a message that does not parse", () => {
      expect(said).toContain("unparsable en page.broken");
    });

    it("names a translation that fills in other values than English", () => {
      expect(problems).toContainEqual(
        expect.objectContaining({ kind: "arguments", language: "fr", key: "page.count" }),
      );
    });

    it("names a key no code uses, and counts one picked from a list of literals as used", () => {
      expect(said).toContain("unused en page.forgotten");
      expect(said).not.toContain("unused en page.nav.home");
      expect(said).not.toContain("unused en page.title");
    });
  });
});
