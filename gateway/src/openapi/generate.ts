// `node gateway/dist/openapi/generate.js [file]`: the build step writing the OpenAPI document
// (default gateway/dist/openapi.json) with its brotli and gzip copies, which the gateway serves.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { openApiDocument } from './document.js';
import { builtOpenApiFile, gatewayVersion } from './route.js';

/** Writes the document and its `.br` and `.gz` to `file`; returns its size in bytes. */
export function writeOpenApi(file: string = builtOpenApiFile): number {
  const text = Buffer.from(`${JSON.stringify(openApiDocument(gatewayVersion()), null, 2)}\n`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
  return text.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ? path.resolve(process.argv[2]) : builtOpenApiFile;
  const size = writeOpenApi(file);
  console.log(
    `openapi: wrote ${path.relative(process.cwd(), file)} (${Math.round(size / 1024)} kB)`,
  );
}
