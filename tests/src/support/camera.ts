import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { launchBrowser } from './browser.js';

/**
 * A "photograph" of a printed label for the camera tests (issue 42 part 2, decision 0073): the
 * label's screenshot drawn onto a canvas as a phone would see it, on a grey table under uneven
 * light, a little turned, out of focus and with sensor noise, then written as a Y4M video that
 * Chromium's fake camera plays (`--use-file-for-fake-video-capture`), so the page under test
 * opens a real `getUserMedia` stream and decodes it as on a phone.
 */
export interface PhotoOptions {
  width: number;
  height: number;
  /** Degrees the label is turned. */
  angle: number;
  /** Gaussian blur in pixels of the frame (focus). */
  blur: number;
  /** The label's share of the frame's height. */
  fill: number;
}

/** A phone held upright, HD portrait: the SSCC's module ~3.8 pixels wide, as at 20 cm. */
export const defaultPhoto: PhotoOptions = {
  width: 720,
  height: 1280,
  angle: 4,
  blur: 1,
  fill: 0.9,
};

/** Runs in a blank page: PNG (base64) in, the frame as I420 planes (base64) out. */
const photographInPage = `async ({ png, width, height, angle, blur, fill }) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const light = g.createLinearGradient(0, 0, width, height);
  light.addColorStop(0, '#a19d93');
  light.addColorStop(1, '#5f5c56');
  g.fillStyle = light;
  g.fillRect(0, 0, width, height);
  const scale = (height * fill) / img.height;
  g.save();
  g.translate(width / 2, height / 2);
  g.rotate((angle * Math.PI) / 180);
  g.scale(scale, scale);
  g.filter = 'blur(' + blur / scale + 'px)';
  g.drawImage(img, -img.width / 2, -img.height / 2);
  g.restore();
  const { data } = g.getImageData(0, 0, width, height);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 16;
  const yuv = new Uint8Array((width * height * 3) / 2);
  const clamp = (v) => Math.max(0, Math.min(255, Math.round(v)));
  const rgb = (i) => [0, 1, 2].map((c) => clamp(data[i + c] * 0.92 + noise()));
  const u = width * height;
  const v = u + u / 4;
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      let sr = 0, sg = 0, sb = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const [r, gr, b] = rgb(((y + dy) * width + x + dx) * 4);
        yuv[(y + dy) * width + x + dx] = clamp(16 + (65.738 * r + 129.057 * gr + 25.064 * b) / 256);
        sr += r; sg += gr; sb += b;
      }
      const [r, gr, b] = [sr / 4, sg / 4, sb / 4];
      const at = (y / 2) * (width / 2) + x / 2;
      yuv[u + at] = clamp(128 + (-37.945 * r - 74.494 * gr + 112.439 * b) / 256);
      yuv[v + at] = clamp(128 + (112.439 * r - 94.154 * gr - 18.285 * b) / 256);
    }
  let text = '';
  for (let i = 0; i < yuv.length; i += 0x8000)
    text += String.fromCharCode.apply(null, yuv.subarray(i, i + 0x8000));
  return btoa(text);
}`;

/** The label's screenshot photographed into a Y4M file of one frame (Chromium loops it). */
export async function writeLabelVideo(
  page: Page,
  png: Buffer,
  file: string,
  options: PhotoOptions = defaultPhoto,
): Promise<void> {
  await page.goto('about:blank');
  // A string, not a function: the arrow above is plain JavaScript, untouched by the test's compiler.
  const input = JSON.stringify({ png: png.toString('base64'), ...options });
  const planes = await page.evaluate<string>(`(${photographInPage})(${input})`);
  writeFileSync(file.replace(/\.y4m$/, '') + '.png', png);
  const header = `YUV4MPEG2 W${options.width} H${options.height} F10:1 Ip A1:1 C420jpeg\n`;
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(header), Buffer.from('FRAME\n'), Buffer.from(planes, 'base64')]),
  );
}

/** Chromium with a fake camera playing `videoFile` (getUserMedia still asks for permission). */
export function launchWithCamera(videoFile: string): Promise<Browser> {
  return launchBrowser([
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${videoFile}`,
  ]);
}

/** A QR code of `text` as SVG, by ZXing's writer (its .wasm read from node_modules, no network). */
export async function qrCodeSvg(text: string): Promise<string> {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
  const bytes = readFileSync(wasm);
  const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  prepareZXingModule({ overrides: { wasmBinary } });
  const written = await writeBarcode(text, { format: 'QRCode' });
  if (written.error) throw new Error(written.error);
  return written.svg;
}
