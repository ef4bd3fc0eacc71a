export interface IdpPerson {
  /** The provider's subject: stable, never reused. */
  sub: string;
  /** What the person types at the login form (usually the e-mail). */
  login: string;
  password: string;
  name: string;
  /** Absent: the provider sends no e-mail claim at all. */
  email?: string;
  /** Sent as email_verified (default true when email is set). */
  emailVerified?: boolean;
  groups: string[];
  /** Sent in the ID token (default ["pwd"]). */
  amr?: string[];
  acr?: string;
}

export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/** Fault modes a test switches on the running provider. */
export interface IdpFaults {
  /** Every answer of the provider's endpoints (discovery, jwks, token, userinfo) waits this long first. */
  delayMs: number;
  /** The token endpoint issues ID tokens whose `aud` is another client ("another-app"), correctly signed. */
  wrongAudience: boolean;
  /** Authorization codes live this many seconds (default 60). */
  codeTtlSeconds: number;
  /** The redirect that takes the browser back to the client with its code waits this long (a slow way back). */
  returnDelayMs: number;
}
