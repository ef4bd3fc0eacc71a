/** Prettier formats every source file; `npm run format:check` runs as part of `npm test`. */
const config = {
  printWidth: 120,
  plugins: ["@ianvs/prettier-plugin-sort-imports", "prettier-plugin-tailwindcss"],
  importOrder: ["<BUILTIN_MODULES>", "<THIRD_PARTY_MODULES>", "", "^@/(.*)$", "", "^[./]"],
  importOrderTypeScriptVersion: "5.9.0",
  tailwindStylesheet: "./app/globals.css",
};

export default config;
