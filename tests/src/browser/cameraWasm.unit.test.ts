import { describe, expect, it } from '@jest/globals';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ui = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ui/package.json');

describe("the camera's barcode reader (issue 42 part 2, decision 0073)", () => {
  it('the .wasm the web app bundles is the one the ponyfill was built against: a version drift between the two packages fails here', () => {
    // The file Vite bundles for `zxing-wasm/reader/zxing_reader.wasm?url` (ui/src/courier/camera/decoder.ts).
    const file = createRequire(ui).resolve('zxing-wasm/reader/zxing_reader.wasm');
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
