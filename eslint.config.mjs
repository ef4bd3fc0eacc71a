import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * The tiers of lib/ and who may import what (docs/code-layout.md, "Where code goes"). A violation fails
 * `npm run lint`; tests are exempt, since they reach into any tier to set things up.
 */
const outsideLib = [
  { group: ["@/app/*", "@/app/**"], message: "lib/ never imports from app/." },
  { group: ["@/components/*", "@/components/**"], message: "lib/ never imports components." },
];
const anotherFeaturesInternals = {
  group: ["@/lib/features/*/repository", "@/lib/features/*/actions"],
  message: "A feature's repository and actions are its own: go through its server.ts.",
};
const partnerApiForPeople = {
  name: "@/lib/server/partner-api",
  importNames: ["getPartnerApi", "getPartnerApiWithKey"],
  message:
    "Only a feature's server.ts, and the held reports behind it, call the Partner API for a person (the daily pull and the connection test use the key's own scope).",
};

/** Links prefetch on intent, not on sight: see components/ui/link.tsx. */
const nextLink = { name: "next/link", message: "Use Link from @/components/ui/link, which prefetches on intent." };

const tier = (files, patterns, paths = [], ignores = []) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test-support.ts", ...ignores],
  rules: { "no-restricted-imports": ["error", { patterns, paths }] },
});

/**
 * Files whose every word comes from the message catalogue: text written in their JSX, or in a prop
 * that is shown or read aloud, fails. (scripts/catalogue-check.ts checks the catalogue itself.)
 */
const TRANSLATED = [
  "app/layout.tsx",
  "app/(app)/layout.tsx",
  "app/(app)/page.tsx",
  "app/(app)/error.tsx",
  "app/(app)/properties/**",
  "app/(app)/status/**",
  "app/sign-in/**",
  "app/account-setup/**",
  "app/unsubscribe/**",
  "app/not-found.tsx",
  "app/(app)/account/**",
  "app/(app)/admin/**",
  "app/(app)/criminal-arrivals/**",
  "app/(app)/guests/**",
  "app/(app)/insights/**",
  "app/(app)/investigations/**",
  "app/(app)/privacy/**",
  "app/(app)/review/**",
  "components/account/**",
  "components/admin/**",
  "components/charts/**",
  "components/overview/**",
  "components/properties/**",
  "components/status/**",
  "components/sync/**",
  "components/criminal-arrivals/**",
  "components/guests/**",
  "components/insights/**",
  "components/investigations/**",
  "components/layout/**",
  "components/privacy/**",
  "components/reports/**",
  "components/review/**",
  "components/ui/**",
];
const WORDED_PROPS = [
  "aria-label",
  "title",
  "label",
  "placeholder",
  "alt",
  "hint",
  "description",
  "lead",
  "successTitle",
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [".next/**", "node_modules/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"],
  },
  tier(
    ["lib/core/**"],
    [
      { group: ["@/*", "../*"], message: "lib/core is the bottom tier: it imports nothing else in the project." },
      { group: ["server-only", "node:*"], message: "lib/core is isomorphic: no server-only code." },
    ],
  ),
  tier(
    ["lib/server/**"],
    [...outsideLib, { group: ["@/lib/features/*", "@/lib/features/**"], message: "lib/server imports only lib/core." }],
  ),
  tier(
    ["lib/features/**"],
    [...outsideLib, anotherFeaturesInternals],
    [partnerApiForPeople],
    [
      "lib/features/*/server.ts",
      "lib/features/reports/held.ts",
      "lib/features/sync/**",
      "lib/features/admin/api-key.ts",
    ],
  ),
  tier(
    [
      "lib/features/*/server.ts",
      "lib/features/reports/held.ts",
      "lib/features/sync/**",
      "lib/features/admin/api-key.ts",
    ],
    [...outsideLib, anotherFeaturesInternals],
  ),
  tier(
    ["components/**"],
    [
      {
        group: ["@/app/*", "@/app/**"],
        message: "Components never import from app/: actions live in lib/features/*/actions.ts.",
      },
      {
        group: ["@/lib/server/*", "@/lib/server/**"],
        message: "Components never import lib/server: use lib/core or a feature's types, hooks or actions.",
      },
      { group: ["@/lib/features/*/repository"], message: "Components never reach a repository." },
    ],
    [nextLink],
  ),
  tier(
    ["app/**"],
    [{ group: ["@/lib/features/*/repository"], message: "Pages and routes call a feature's server.ts." }],
    [nextLink],
  ),
  {
    files: TRANSLATED,
    rules: {
      "react/jsx-no-literals": [
        "error",
        {
          noStrings: false,
          allowedStrings: ["D", "·", ",", "(", ")", "—", "–", ":", "/", "%", "×", "→", "…"],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: `JSXAttribute[name.name=/^(${WORDED_PROPS.join("|")})$/] > Literal`,
          message: "Words come from the catalogue (lib/core/messages), through useTranslations or getTranslations.",
        },
      ],
    },
  },
];

export default config;
