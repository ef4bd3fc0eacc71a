/**
 * The provider's few HTML pages. They stand alone (no scripts, fonts or other requests), work
 * without JavaScript, and fit a 390 px wide phone screen, because the demo and the end-to-end tests
 * drive them like a person would.
 */

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1rem;line-height:1.5;color:#1a1a1a;background:#f3f4f6}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:.5rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.625rem .75rem;margin:0 0 1rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:inherit}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer;width:100%}
button.secondary{background:#fff;color:#1d4ed8;margin-top:.75rem}
input:focus-visible,button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{border-left:4px solid #b91c1c;background:#fef2f2;color:#7f1d1d;padding:.5rem .75rem}
.muted{color:#4b5563}
@media (max-width:30rem){main{margin:0;border:0;border-radius:0;min-height:100vh}}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageOptions {
  title: string;
  uid: string;
  /** The client the person is signing in to, shown so they know where they will land. */
  clientId?: string;
  /** What was typed last time, kept so a mistyped password does not wipe the e-mail too. */
  login?: string;
  error?: string;
}

export function loginPage({ title, uid, clientId, login = "", error }: LoginPageOptions): string {
  const heading = `Sign in to ${title}`;
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const described = error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : "";
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
${clientId ? `<p class="muted">to continue to ${escapeHtml(clientId)}</p>` : ""}
${error ? `<p id="sign-in-error" class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${action}">
<input type="hidden" name="action" value="sign-in">
<label for="login">E-mail</label>
<input id="login" name="login" type="text" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(login)}"${described}${error ? "" : " autofocus"}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${error ? " autofocus" : ""}>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}">
<input type="hidden" name="action" value="cancel">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

/** `form` is oidc-provider's own hidden form (id "op.logoutForm", carrying its anti-forgery token). */
export function logoutPage(title: string, form: string): string {
  const heading = `Sign out of ${title}?`;
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>`,
  );
}

export function signedOutPage(title: string): string {
  return page(
    "You are signed out",
    `<h1>You are signed out</h1>
<p>You are signed out of ${escapeHtml(title)}. You can close this tab.</p>`,
  );
}

export function expiredPage(title: string): string {
  return page(
    "This sign-in has expired",
    `<h1>This sign-in has expired</h1>
<p>The sign-in page of ${escapeHtml(title)} was open too long, or was already used. Go back to the app and sign in again.</p>`,
  );
}

/** `out` is what oidc-provider would tell the relying party: `error` and, usually, `error_description`. */
export function errorPage(title: string, out: Record<string, unknown>): string {
  const error = typeof out.error === "string" ? out.error : "server_error";
  const description = typeof out.error_description === "string" ? out.error_description : "";
  return page(
    "Something went wrong",
    `<h1>Something went wrong</h1>
<p>${escapeHtml(title)} could not finish this request.</p>
<p class="error"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ""}</p>`,
  );
}
