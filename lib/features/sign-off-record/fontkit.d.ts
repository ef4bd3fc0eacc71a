/**
 * fontkit (pdfkit's font parser) ships no type declarations: only what the sign-off record's PDF
 * uses of it, parsing a font once per process.
 */
declare module "fontkit" {
  export interface Font {
    postscriptName: string;
    layout(text: string, features?: readonly string[]): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
