import foxitDingbats from 'pdfjs-dist/standard_fonts/FoxitDingbats.pfb?url';
import foxitFixed from 'pdfjs-dist/standard_fonts/FoxitFixed.pfb?url';
import foxitFixedBold from 'pdfjs-dist/standard_fonts/FoxitFixedBold.pfb?url';
import foxitFixedBoldItalic from 'pdfjs-dist/standard_fonts/FoxitFixedBoldItalic.pfb?url';
import foxitFixedItalic from 'pdfjs-dist/standard_fonts/FoxitFixedItalic.pfb?url';
import foxitSerif from 'pdfjs-dist/standard_fonts/FoxitSerif.pfb?url';
import foxitSerifBold from 'pdfjs-dist/standard_fonts/FoxitSerifBold.pfb?url';
import foxitSerifBoldItalic from 'pdfjs-dist/standard_fonts/FoxitSerifBoldItalic.pfb?url';
import foxitSerifItalic from 'pdfjs-dist/standard_fonts/FoxitSerifItalic.pfb?url';
import foxitSymbol from 'pdfjs-dist/standard_fonts/FoxitSymbol.pfb?url';
import liberationSansBold from 'pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf?url';
import liberationSansBoldItalic from 'pdfjs-dist/standard_fonts/LiberationSans-BoldItalic.ttf?url';
import liberationSansItalic from 'pdfjs-dist/standard_fonts/LiberationSans-Italic.ttf?url';
import liberationSansRegular from 'pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf?url';
import openJpegWasm from 'pdfjs-dist/wasm/openjpeg.wasm?url';
import { type DocumentProps, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';

// The worker ships with the app as its own asset (the machine is offline: no CDN copy), resolved
// by Vite from the exact pdfjs-dist react-pdf was built against, so API and worker versions match.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/**
 * Decks that use one of the 14 standard PDF fonts without embedding it (common in exports from
 * slide tools) need these files to draw their text; Vite emits each as an asset and pdf.js asks
 * for them by file name.
 */
const standardFontUrls: Record<string, string> = {
  'FoxitDingbats.pfb': foxitDingbats,
  'FoxitFixed.pfb': foxitFixed,
  'FoxitFixedBold.pfb': foxitFixedBold,
  'FoxitFixedBoldItalic.pfb': foxitFixedBoldItalic,
  'FoxitFixedItalic.pfb': foxitFixedItalic,
  'FoxitSerif.pfb': foxitSerif,
  'FoxitSerifBold.pfb': foxitSerifBold,
  'FoxitSerifBoldItalic.pfb': foxitSerifBoldItalic,
  'FoxitSerifItalic.pfb': foxitSerifItalic,
  'FoxitSymbol.pfb': foxitSymbol,
  'LiberationSans-Bold.ttf': liberationSansBold,
  'LiberationSans-BoldItalic.ttf': liberationSansBoldItalic,
  'LiberationSans-Italic.ttf': liberationSansItalic,
  'LiberationSans-Regular.ttf': liberationSansRegular,
};

/** JPEG 2000 images decode with this WebAssembly module. */
const wasmUrls: Record<string, string> = { 'openjpeg.wasm': openJpegWasm };

async function fetchBundledFile(urls: Record<string, string>, filename: string | undefined): Promise<Uint8Array> {
  const url = filename ? urls[filename] : undefined;
  if (!url) throw new Error(`pdf.js asked for ${filename ?? 'a file'}, which the app does not ship.`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${filename} (${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * pdf.js's own factories join a base URL and a file name, which cannot address files whose
 * names Vite hashes; these look the name up in the maps above instead. Giving pdf.js factory
 * classes also makes it fetch on the main thread, where the hashed URLs resolve.
 */
class BundledStandardFontDataFactory {
  fetch({ filename }: { filename?: string }) {
    return fetchBundledFile(standardFontUrls, filename);
  }
}

class BundledWasmFactory {
  fetch({ filename }: { filename?: string }) {
    return fetchBundledFile(wasmUrls, filename);
  }
}

type PdfOptions = NonNullable<DocumentProps['options']>;

/** What a document is opened for: reading it whole, or drawing page 1 as a preview. */
export type PdfPurpose = 'read' | 'preview';

let sharedWorker: InstanceType<typeof pdfjs.PDFWorker> | undefined;
const sharedOptions = new Map<PdfPurpose, PdfOptions>();

/**
 * The `options` of react-pdf `<Document>`s, one object per purpose for the whole app: react-pdf
 * reloads a document whenever `options` changes identity.
 *
 * Every document shares one pdf.js worker: a list of twelve thumbnails would otherwise start
 * twelve workers, each parsing the 1 MB worker script. A worker passed in `options` is never
 * destroyed with a document, which is what makes sharing it safe.
 *
 * A preview does not fetch the rest of the file in the background: where the file server answers
 * range requests, page 1 of a 50 MB deck then costs only the bytes page 1 needs.
 *
 * Character maps (cMaps) are not shipped: they matter only for CJK text in fonts the deck does not
 * embed; such text may show as blanks, the rest of the page still renders.
 */
export function getPdfOptions(purpose: PdfPurpose = 'read'): PdfOptions {
  const cached = sharedOptions.get(purpose);
  if (cached) return cached;
  if (!sharedWorker && typeof Worker !== 'undefined') sharedWorker = new pdfjs.PDFWorker();
  const options: PdfOptions = {
    StandardFontDataFactory: BundledStandardFontDataFactory,
    WasmFactory: BundledWasmFactory,
    // Deck files come from strangers: never compile code from a font program (defence in depth).
    isEvalSupported: false,
    ...(purpose === 'preview' ? { disableAutoFetch: true } : {}),
    ...(sharedWorker ? { worker: sharedWorker } : {}),
  };
  sharedOptions.set(purpose, options);
  return options;
}
