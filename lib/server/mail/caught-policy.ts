/**
 * The Content-Security-Policy of a caught message's HTML part (Admin → Mail, demo only): the
 * message's own inline styles and data: images, nothing else: no script, no request anywhere,
 * never inside a frame. Shared by the route and the proxy, which would otherwise put the app's.
 */
export const CAUGHT_MAIL_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

export const CAUGHT_MAIL_PATH = "/api/admin/mail/caught/";
