/** How long a review note or an undo reason may be: the browser counts against it, the server enforces it. */
export const NOTE_MAX = 1_000;
