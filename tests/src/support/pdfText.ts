import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as Chromium prints it (Skia: uncompressed objects, Type0 fonts with Identity-H
 * glyph ids and a ToUnicode CMap each, Flate streams), page by page, in drawing order (cells
 * run together: check with `includes`). Enough to check what a printed page says; not a general
 * PDF reader (no object streams, no other encodings).
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)\bendobj/g)) {
    const body = m[2]!;
    const at = body.search(/\bstream\r?\n/);
    if (at < 0) {
      objects.set(m[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const start = m.index + m[0].indexOf(body) + body.indexOf('\n', at) + 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const bytes = pdf.subarray(start, start + length);
    objects.set(m[1]!, {
      dict,
      stream: /\/FlateDecode/.test(dict) ? inflateSync(bytes) : bytes,
    });
  }
  const ref = (dict: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1];
  const hex = (h: string) => parseInt(h, 16);

  /** A font's glyph ids → text, from its ToUnicode CMap. */
  const cmapOf = (fontId: string): Map<number, string> => {
    const map = new Map<number, string>();
    const cmapId = ref(objects.get(fontId)?.dict ?? '', 'ToUnicode');
    const cmap = cmapId ? (objects.get(cmapId)?.stream?.toString('latin1') ?? '') : '';
    const unicode = (h: string) =>
      String.fromCharCode(...(h.match(/.{4}/g) ?? []).map((u) => hex(u)));
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, from, to] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        map.set(hex(from!), unicode(to!));
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, a, b, to] of block[1]!.matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      ))
        for (let g = hex(a!); g <= hex(b!); g++)
          map.set(g, String.fromCharCode(hex(to!) + g - hex(a!)));
    return map;
  };

  const pages = [...objects.values()].filter((o) => /\/Type\s*\/Page[^s]/.test(o.dict));
  return pages.map((page) => {
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(page.dict)?.[1] ?? '';
    const fonts = new Map<string, Map<number, string>>();
    for (const [, name, id] of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g))
      fonts.set(name!, cmapOf(id!));
    const contents = ref(page.dict, 'Contents');
    const ops = contents ? (objects.get(contents)?.stream?.toString('latin1') ?? '') : '';
    let font = new Map<number, string>();
    let text = '';
    for (const m of ops.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]|<[0-9A-Fa-f]*>)\s*T[Jj]/g)) {
      if (m[1]) {
        font = fonts.get(m[1]) ?? new Map();
        continue;
      }
      for (const [, h] of m[2]!.matchAll(/<([0-9A-Fa-f]*)>/g))
        for (const g of h!.match(/.{4}/g) ?? []) text += font.get(hex(g)) ?? '';
    }
    return text;
  });
}
