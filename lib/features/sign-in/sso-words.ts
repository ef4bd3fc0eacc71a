import type { SsoRefusal } from "@/lib/core/sso";

/** Why a sign-in through the identity provider did not happen, in words for the sign-in page. */
export const SSO_REFUSAL_WORDS: Record<SsoRefusal, { title: string; body: string }> = {
  no_email: {
    title: "Your identity provider sent no e-mail address",
    body: "Daybook finds your account by your e-mail the first time you sign in this way. Ask your IT team to give Daybook the email scope.",
  },
  email_unverified: {
    title: "Your e-mail address is not verified at your identity provider",
    body: "Daybook links an account by e-mail only when the provider says the address is verified. Ask your IT team.",
  },
  no_account: {
    title: "You have no Daybook account yet",
    body: "Ask your Daybook admin to add you, or to let accounts be made at first sign-in.",
  },
  already_linked: {
    title: "This account belongs to someone else at your identity provider",
    body: "The Daybook account with your e-mail is linked to another person there. Ask your Daybook admin.",
  },
  no_role: {
    title: "Your groups give you no access to Daybook",
    body: "None of your groups at your identity provider has a role in Daybook. Ask your IT team or Daybook admin to add you to the right group.",
  },
  disabled: { title: "This account is disabled", body: "Ask your Daybook admin to enable it again." },
  second_factor: {
    title: "Sign in with your second factor",
    body: "Daybook asks your identity provider to confirm a second factor, such as an authenticator app. Sign in again and use it.",
  },
  cancelled: {
    title: "Sign-in cancelled",
    body: "You cancelled at your identity provider. Start again when you are ready.",
  },
  provider_error: {
    title: "Your identity provider refused the sign-in",
    body: "It answered with an error. Try again; if it keeps happening, ask your IT team.",
  },
  provider_unreachable: {
    title: "Your identity provider cannot be reached",
    body: "It did not answer in time. Try again in a few minutes. Break-glass admins can sign in with a password.",
  },
  invalid_state: {
    title: "That sign-in could not be checked",
    body: "It may have been started in another tab, or taken too long. Start again.",
  },
  invalid_token: {
    title: "Your identity provider's answer was not accepted",
    body: "Its token was not for Daybook, or had expired. Start again; if it keeps happening, ask your IT team.",
  },
  not_configured: {
    title: "Single sign-on is not on",
    body: "Sign in with your e-mail and password, or ask your Daybook admin.",
  },
};
