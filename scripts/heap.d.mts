/** Types of scripts/heap.mjs, which plain Node scripts import too. */
export declare const HEAP_MB: number;
export declare const SERVER_NODE_FLAGS: readonly string[];
