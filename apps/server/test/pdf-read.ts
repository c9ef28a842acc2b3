import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Test support: reads a PDF back with pdf.js (Mozilla's reader, a dev dependency), not with the library that wrote
 * it, so a file pdfkit wrote wrong is not read back "right" by pdfkit itself. Gives each page's box and the text a
 * reader extracts (what copy-and-paste or a search would find).
 */
export interface PdfPage {
  width: number;
  height: number;
  /** the page's text items joined without separators (a wrapped name stays findable) */
  text: string;
  items: string[];
}

export interface PdfRead {
  pages: PdfPage[];
  title: string | null;
}

export async function readPdf(data: Buffer | Uint8Array): Promise<PdfRead> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) => ('str' in item ? [item.str] : []));
      pages.push({ width, height, text: items.join(''), items });
    }
    const meta = await doc.getMetadata();
    const info: unknown = meta.info;
    const title =
      typeof info === 'object' && info !== null && 'Title' in info && typeof info.Title === 'string'
        ? info.Title
        : null;
    return { pages, title };
  } finally {
    await doc.destroy();
  }
}

/** How many times `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
