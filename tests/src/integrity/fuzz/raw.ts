import { request as httpRequest } from 'node:http';

/** A request with the headers and bytes given (fetch would fix some of them), as `session`. */
export function rawRequest(
  session: { cookie: string; csrf: string } | null,
  base: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string | undefined,
  method = 'POST',
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
          ...headers,
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: the check of the §8 body will say so
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    // A server that answers before reading a too large body may close the connection under
    // the rest of it: the answer counts; a connection closed without one is a failure.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    let answered = false;
    req.on('response', () => (answered = true));
    if (body !== undefined) req.write(body);
    req.end();
  });
}
