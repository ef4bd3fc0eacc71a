import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { loadProvider, providerConfiguration } from "./configuration";
import { delayMiddleware, returnDelayMiddleware, wrongAudienceMiddleware } from "./faults";
import { interactionMiddleware } from "./interactions";
import { signingKey } from "./keys";
import type { IdpClient, IdpFaults, IdpPerson } from "./types";

export type { IdpClient, IdpFaults, IdpPerson } from "./types";
export { CANCELLED, WRONG_LOGIN } from "./interactions";
export { WRONG_AUDIENCE } from "./faults";

export interface IdentityProvider {
  /** e.g. http://localhost:4330 — the issuer, as in the discovery document. */
  readonly issuer: string;
  readonly port: number;
  /** Replace or add a person (keyed by sub); takes effect on the next sign-in. */
  setPerson(person: IdpPerson): void;
  removePerson(sub: string): void;
  /** A copy: change a person with setPerson. */
  person(sub: string): IdpPerson | undefined;
  /** Mutable: a change applies from the next request on. */
  readonly faults: IdpFaults;
  /** How many RP-initiated logouts (end_session) completed, for tests. */
  readonly logouts: number;
  /** Stops listening (a provider that is "down"); `start()` again on the same port keeps keys, people and sessions. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface IdentityProviderOptions {
  /** 0 picks a free port (kept across stop and start). */
  port: number;
  /** The host name in the issuer URL (default "localhost"); the provider always listens on 127.0.0.1. */
  host?: string;
  clients: IdpClient[];
  people: IdpPerson[];
  /** Shown on its pages, e.g. "Demo SSO". */
  title?: string;
}

export const DEFAULT_CODE_TTL_SECONDS = 60;
const LISTEN_HOST = "127.0.0.1";

function validated(options: IdentityProviderOptions): void {
  const { port, clients, people } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be 0-65535, got ${port}`);
  if (clients.length === 0) throw new RangeError("at least one client is needed");
  for (const client of clients) {
    if (!client.clientId || !client.clientSecret) throw new RangeError("every client needs an id and a secret");
    for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris]) {
      if (!URL.canParse(uri)) throw new RangeError(`not an absolute URL: ${uri}`);
    }
  }
  const subs = new Set<string>();
  for (const person of people) {
    if (subs.has(person.sub)) throw new RangeError(`two people with the sub ${person.sub}`);
    subs.add(person.sub);
  }
}

function copy(person: IdpPerson): IdpPerson {
  return structuredClone(person);
}

export async function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  validated(options);
  const title = options.title ?? "Demo SSO";
  const people = new Map(options.people.map((person) => [person.sub, copy(person)]));
  const faults: IdpFaults = {
    delayMs: 0,
    wrongAudience: false,
    codeTtlSeconds: DEFAULT_CODE_TTL_SECONDS,
    returnDelayMs: 0,
  };
  let logouts = 0;

  const [Provider, key] = await Promise.all([loadProvider(), signingKey()]);
  // The issuer names the port, so the port is taken before the provider exists. Nothing is awaited
  // between listening and attaching the provider, so no request arrives in between.
  const server = createServer();
  let port = options.port;
  const listen = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, LISTEN_HOST, () => {
        server.off("error", reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();

  const issuer = `http://${options.host ?? "localhost"}:${port}`;
  const provider = new Provider(
    issuer,
    providerConfiguration({
      title,
      clients: options.clients,
      faults,
      jwk: key.jwk,
      cookieKeys: [randomBytes(32).toString("base64url")],
      person: (sub) => people.get(sub),
    }),
  );
  provider.use(delayMiddleware(faults));
  provider.use(returnDelayMiddleware(faults));
  provider.use(wrongAudienceMiddleware(faults, key.privateKey));
  provider.use(
    interactionMiddleware({
      provider,
      title,
      authenticate(login, password) {
        const typed = login.trim().toLowerCase();
        for (const person of people.values()) {
          if (person.login.toLowerCase() === typed && person.password === password) return person;
        }
        return undefined;
      },
    }),
  );
  provider.on("end_session.success", () => {
    logouts += 1;
  });
  // oidc-provider answers these with a 500 page and tells no one; a demo or test run should see why.
  provider.on("server_error", (_ctx, error) => {
    process.stderr.write(
      `identity provider: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  });
  const handle = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    // A client vanishing mid-request must never surface as an unhandled error.
    req.on("error", () => undefined);
    res.on("error", () => undefined);
    handle(req, res);
  });

  let stopping: Promise<void> | null = null;
  return {
    issuer,
    get port() {
      return port;
    },
    faults,
    get logouts() {
      return logouts;
    },
    setPerson(person) {
      people.set(person.sub, copy(person));
    },
    removePerson(sub) {
      people.delete(sub);
    },
    person(sub) {
      const person = people.get(sub);
      return person && copy(person);
    },
    stop() {
      if (!server.listening) return stopping ?? Promise.resolve();
      stopping = new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would otherwise hold close() open and keep answering.
        server.closeAllConnections();
      });
      return stopping;
    },
    async start() {
      if (stopping) await stopping;
      if (server.listening) return;
      await listen();
    },
  };
}
