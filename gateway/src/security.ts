import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The origins of a map tile URL template (`https://{s}.tile.example/{z}/{x}/{y}.png`) for the
 * content security policy: its scheme and host, a `{s}` subdomain as a wildcard.
 */
export function tileOrigins(template: string | undefined): string[] {
  if (!template) return [];
  const match = /^(https?):\/\/([^/]+)/.exec(template);
  if (!match) return [];
  const host = match[2]!.replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
  return [`${match[1]}://${host}`];
}

/** The origins (`https://host[:port]`) of the pages the web app may frame; bad URLs left out. */
export function frameOrigins(urls: readonly string[]): string[] {
  const origins = urls.flatMap((u) => (URL.canParse(u) ? [new URL(u).origin] : []));
  return [...new Set(origins.filter((o) => o.startsWith('https://')))];
}

/**
 * Security headers of every answer, in every mode (docs/decisions/0018): a content security policy
 * the web app passes (its own scripts only, and WebAssembly compiled from them; inline styles, which emotion and Leaflet write; map
 * tiles from the configured tile server; the socket on this origin; frames of the configured
 * dashboards only), no framing by other sites,
 * nosniff, a same-origin referrer policy, and HSTS when the request came over HTTPS.
 */
export function securityHeaders(options: {
  tileUrl?: string;
  frameUrls?: readonly string[];
}): RequestHandler[] {
  const tiles = tileOrigins(options.tileUrl);
  const frames = frameOrigins(options.frameUrls ?? []);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // WebAssembly compiled from our own files: the camera's barcode reader (decision 0073).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // This origin (as default-src) and the configured dashboards (docs/decisions/0084).
        frameSrc: ["'self'", ...frames],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Only over HTTPS: a plain-HTTP answer must not pin HTTPS on a host that does not serve it.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure)
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
  return [headers, hsts];
}
