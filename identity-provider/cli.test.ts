import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

import { DEMO_CLIENT_ID, DEMO_PEOPLE } from "./demo-people";
import { Browser, CLIENT, signIn, tokenRequest, verifiedClaims } from "./test-support";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
}

function exit(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Identity provider: (http:\/\/\S+)$/m.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code} before listening: ${out}`)));
  });
}

describe("command line", () => {
  it("prints one line, signs every demo person in without a warning, and exits cleanly on SIGTERM", async () => {
    // The test client's redirect URI is <origin>/api/auth/callback/oidc, as the command line registers it.
    const origin = new URL(CLIENT.redirectUris[0]!).origin;
    const args = ["--port", "0", "--client-id", CLIENT.clientId, "--client-secret", CLIENT.clientSecret];
    const child = run([...args, "--redirect-origin", origin]);
    const ended = exit(child);
    const issuer = await listening(child);
    expect(issuer).toMatch(/^http:\/\/localhost:\d+$/);

    for (const person of DEMO_PEOPLE) {
      const { auth, code } = await signIn(new Browser(), issuer, person.login, person.password);
      const tokens = (await (await tokenRequest(issuer, code, auth.verifier)).json()) as { id_token: string };
      const { claims } = await verifiedClaims(issuer, tokens.id_token);
      expect(claims).toMatchObject({ sub: person.sub, email: person.email, name: person.name, groups: person.groups });
    }

    child.kill("SIGTERM");
    const { code, stdout, stderr } = await ended;
    expect(code).toBe(0);
    expect(stdout).toBe(`Identity provider: ${issuer}\n`);
    expect(stderr).toBe("");
  });

  it("has the demo's five people, one of them unknown to the app, and its client id", () => {
    expect(DEMO_CLIENT_ID).toBe("daybook-demo");
    expect(DEMO_PEOPLE.map((person) => person.login)).toEqual([
      "admin@daybook.demo",
      "regional@daybook.demo",
      "supervisor@daybook.demo",
      "viewer@daybook.demo",
      "newcomer@daybook.demo",
    ]);
    expect(new Set(DEMO_PEOPLE.map((person) => person.sub)).size).toBe(5);
  });

  it("exits 2 with the usage for bad arguments", async () => {
    const good = ["--client-secret", "s", "--redirect-origin", "http://localhost:3999"];
    const cases = [
      ["--bogus", ...good],
      ["--port", "http", ...good],
      ["--port", "70000", ...good],
      ["--client-secret", "s"],
      ["--redirect-origin", "http://localhost:3999"],
      ["--client-secret", "s", "--redirect-origin", "localhost:3999/app"],
      [...good, "extra"],
    ];
    const results = await Promise.all(cases.map((args) => exit(run(args))));
    results.forEach(({ code, stderr }, index) => {
      expect(code, cases[index]?.join(" ")).toBe(2);
      expect(stderr).toMatch(/^identity-provider: .*\nUsage: /);
    });
  });
});
