import { AppError, MAX_IMPORT_FILE_BYTES } from '@nordlog/contracts';
import busboy from 'busboy';
import type { Request } from 'express';

/**
 * A multipart upload's one file and its fields (spec §7 "file uploads are multipart POSTs"), read
 * with busboy: streamed, the file capped at MAX_IMPORT_FILE_BYTES (a longer one is refused with
 * 413 once the request is drained), at most one file and a few short fields.
 */
export interface Upload {
  fields: Record<string, string>;
  file: Buffer;
  fileName: string;
}

export function readUpload(req: Request): Promise<Upload> {
  if (!req.is('multipart/form-data'))
    return Promise.reject(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the file as multipart/form-data with a field named file',
        { key: 'import.notMultipart' },
      ),
    );
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: MAX_IMPORT_FILE_BYTES,
          files: 1,
          fields: 10,
          fieldSize: 1024,
          parts: 12,
        },
        defParamCharset: 'utf8',
      });
    } catch {
      reject(new AppError('BAD_REQUEST', 'The multipart body has no boundary'));
      return;
    }
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let fileName = '';
    let files = 0;
    let tooLarge = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      files++;
      if (name !== 'file' || files > 1) {
        stream.resume();
        return;
      }
      fileName = info.filename ?? '';
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
    });
    parser.on('error', () =>
      reject(new AppError('BAD_REQUEST', 'The multipart body could not be read')),
    );
    parser.on('close', () => {
      if (tooLarge)
        reject(
          new AppError(
            'PAYLOAD_TOO_LARGE',
            `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB: split it`,
            { key: 'import.tooLarge', max: MAX_IMPORT_FILE_BYTES },
          ),
        );
      else if (files === 0 || (chunks.length === 0 && fileName === ''))
        reject(
          new AppError('VALIDATION_ERROR', 'file: required (a multipart field named file)', {
            field: 'file',
            key: 'validation.required',
          }),
        );
      else resolve({ fields, file: Buffer.concat(chunks), fileName: fileName || 'upload' });
    });
    req.pipe(parser);
  });
}
