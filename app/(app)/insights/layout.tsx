// Banned after the stay is one of the investigations: the same tabs above it.
export { default } from "../investigations/layout";
