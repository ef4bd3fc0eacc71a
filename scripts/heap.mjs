// The heap budget Daybook's server runs with. Left to itself, V8 lets a long-running process's heap
// grow far past what it holds before collecting: on a 200-property group's year of history the
// server's RSS reached 750 MiB after a morning's screens, with 384 MiB of old generation it stays
// under 370 MiB at the same speed (`npm run bench -- --only year.`). Every launch of the server
// passes it: `npm start` (package.json), the demo (scripts/demo.mjs), the systemd unit
// (deploy/README.md) and the bench; scripts/server.mjs warns when it was started without one.

/** Megabytes of V8's old generation, the heap's long-lived part. */
export const HEAP_MB = 384;

/** Node's flags for the server's process. */
export const SERVER_NODE_FLAGS = [`--max-old-space-size=${HEAP_MB}`];
