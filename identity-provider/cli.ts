import { parseArgs } from "node:util";

import { DEMO_CLIENT_ID, DEMO_PEOPLE } from "./demo-people";
import { startIdentityProvider, type IdentityProviderOptions } from "./server";

const DEFAULT_PORT = 4330;

const USAGE = `Usage: tsx identity-provider/cli.ts --client-secret S --redirect-origin URL [--client-id ID] [--port N] [--host H]
  --client-secret    the client's secret (required)
  --redirect-origin  the app's origin, e.g. http://localhost:3000 (required); redirects go to
                     <origin>/api/auth/callback/oidc, and back after sign-out to <origin>/sign-in
  --client-id        the client's id (default ${DEMO_CLIENT_ID})
  --port             TCP port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)
  --host             host name in the issuer URL (default localhost)`;

class UsageError extends Error {}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(`--port must be 0-65535, got "${text}"`);
  return Number(text);
}

function parseOrigin(text: string | undefined): string {
  if (text === undefined || text === "") throw new UsageError("--redirect-origin is required");
  const url = URL.parse(text);
  if (!url || !["http:", "https:"].includes(url.protocol) || url.pathname !== "/" || url.search || url.hash) {
    throw new UsageError(`--redirect-origin must be an origin such as http://localhost:3000, got "${text}"`);
  }
  return url.origin;
}

function parseCommandLine(argv: string[]): IdentityProviderOptions | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      "redirect-origin": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const clientId = values["client-id"] ?? DEMO_CLIENT_ID;
  if (clientId === "") throw new UsageError("--client-id must not be empty");
  const clientSecret = values["client-secret"];
  if (clientSecret === undefined || clientSecret === "") throw new UsageError("--client-secret is required");
  if (values.host !== undefined && !/^[A-Za-z0-9.-]+$/.test(values.host)) {
    throw new UsageError(`--host must be a host name, got "${values.host}"`);
  }
  const origin = parseOrigin(values["redirect-origin"]);
  return {
    port: parsePort(values.port),
    host: values.host,
    title: "Demo SSO",
    people: DEMO_PEOPLE,
    clients: [
      {
        clientId,
        clientSecret,
        redirectUris: [`${origin}/api/auth/callback/oidc`],
        postLogoutRedirectUris: [`${origin}/sign-in`],
      },
    ],
  };
}

async function main(): Promise<void> {
  let options: IdentityProviderOptions | "help";
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    // parseArgs reports unknown or value-less flags with a TypeError whose message is already clear.
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`identity-provider: ${reason}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  let provider;
  try {
    provider = await startIdentityProvider(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Option values the server rejects are still usage errors (exit 2); anything else, e.g. a busy port, is 1.
    process.stderr.write(`identity-provider: ${reason}\n`);
    process.exit(error instanceof RangeError ? 2 : 1);
  }
  process.stdout.write(`Identity provider: ${provider.issuer}\n`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    provider.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
