/**
 * The small part of oidc-provider (which ships no types) that the identity provider uses. The
 * configuration is passed through untyped: its full shape is documented in the package's
 * lib/helpers/defaults.js, and a mistake there fails at start-up, not silently.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface KoaContext {
    readonly path: string;
    readonly method: string;
    readonly host: string;
    readonly req: IncomingMessage;
    readonly res: ServerResponse;
    status: number;
    body: unknown;
    type: string;
    redirect(url: string): void;
    set(field: string, value: string): void;
    get(field: string): string;
    readonly response: { get(field: string): string };
    /** Present once oidc-provider has routed the request. */
    oidc?: { route?: string; client?: { clientId: string } };
  }

  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    session?: { accountId: string };
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; amr?: string[]; acr?: string; remember?: boolean };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    readonly Grant: typeof Grant;
    use(middleware: Middleware): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}

declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  /** Per-provider in-memory storage; the package's default adapter, minus its start-up warning. */
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => unknown;
}
