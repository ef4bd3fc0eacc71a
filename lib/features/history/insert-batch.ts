/** The most rows one insert statement of the history carries: longer lists are written in batches of it. */
export const INSERT_BATCH = 1_000;
