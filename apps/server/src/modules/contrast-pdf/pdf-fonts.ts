import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The CJK font of the comparison PDF: Noto Sans SC (思源黑体's Google Fonts build, SIL OFL 1.1) as plain
 * TrueType files from the npm package `@expo-google-fonts/noto-sans-sc` — a dependency of the server only, so it
 * installs with `npm ci` on a fresh machine and never reaches the web bundle. pdfkit embeds a subset (the glyphs a
 * document uses, through fontkit) with a ToUnicode map, so the Chinese text stays text. docs/decisions.md
 * "Comparison PDF".
 */
const require = createRequire(import.meta.url);

export const FONT_REGULAR = 'NotoSansSC';
export const FONT_BOLD = 'NotoSansSC-Bold';

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

let cache: PdfFonts | null = null;

/** Both weights' files, read once per process (≈ 10 MB each) and shared by every document. */
export function pdfFonts(): PdfFonts {
  cache ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  };
  return cache;
}
