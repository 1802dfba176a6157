import { isSscc, scanCodeOf } from './gs1';

/**
 * The barcode decoder behind the camera (docs/decisions/0073-camera-scanning.md): the browser's
 * own BarcodeDetector where it reads both GS1-128 (Code 128) and QR (Android's Chrome, macOS and
 * iOS Safari), else the `barcode-detector` ponyfill, the same interface over ZXing-C++ built to
 * WebAssembly. The ponyfill and its .wasm load only when the camera opens (a chunk of its own),
 * and the .wasm is a file of our own build, served by the gateway: the ponyfill's default is a
 * CDN, which a courier's phone behind the depot's network, or a site without internet, cannot
 * reach.
 */

export const FORMATS = ['code_128', 'qr_code'] as const;

export interface DetectedCode {
  rawValue: string;
  format: string;
}

/** Anything the detector reads frames from: the camera's video element, a canvas, an image. */
export type FrameSource = HTMLVideoElement | HTMLCanvasElement | ImageBitmap | ImageData;

export interface Decoder {
  /** Which one decodes: the browser's own, or ZXing's WebAssembly. */
  kind: 'native' | 'zxing';
  detect(source: FrameSource): Promise<DetectedCode[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): { detect(source: FrameSource): Promise<DetectedCode[]> };
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDecoder(): Promise<Decoder | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!FORMATS.every((f) => supported.includes(f))) return null;
    const detector = new Native({ formats: [...FORMATS] });
    return { kind: 'native', detect: (source) => detector.detect(source) };
  } catch {
    // Present but not working (Chromium on Linux lists no formats): the WebAssembly one reads.
    return null;
  }
}

async function zxingDecoder(): Promise<Decoder> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Our own copy of the .wasm (a hashed asset of the build), never the CDN; loaded now, so a
  // failure shows when the camera opens rather than at the first frame.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: [...FORMATS] });
  return { kind: 'zxing', detect: (source) => detector.detect(source) };
}

let loading: Promise<Decoder> | null = null;

/** The decoder, made once per page: the native one when it reads our formats, else ZXing's. */
export function loadDecoder(): Promise<Decoder> {
  loading ??= nativeDecoder().then((native) => native ?? zxingDecoder());
  // A failed load (the .wasm not reachable) is tried again when the camera is opened again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The one code a frame gives: a label carries two barcodes, the shipment's (GSIN) and the
 * package's (SSCC); the package's is the one a courier scans, so a frame with an SSCC in it gives
 * that. Otherwise the first code that is a scan (a misread SSCC is none); null when none is.
 */
export function codeOfFrame(found: readonly DetectedCode[]): string | null {
  const codes = found.map((f) => scanCodeOf(f.rawValue)).filter((c): c is string => c !== null);
  return codes.find(isSscc) ?? codes[0] ?? null;
}
