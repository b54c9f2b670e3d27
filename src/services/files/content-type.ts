import path from 'node:path';

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export const IMAGE_TYPES: Record<ImageKind, { contentType: string; extensions: string[] }> = {
  png: { contentType: 'image/png', extensions: ['png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { contentType: 'image/gif', extensions: ['gif'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
  svg: { contentType: 'image/svg+xml', extensions: ['svg'] },
};

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((b, i) => buffer[offset + i] === b);

/** Active content an SVG must not carry: scripts, event handlers, javascript: URLs, foreign objects, entities. */
const SVG_FORBIDDEN = [
  /<\s*script\b/i,
  /\son[a-z]+\s*=/i,
  /javascript\s*:/i,
  /<\s*foreignObject\b/i,
  /<!ENTITY/i,
  /<\s*iframe\b/i,
  /<\s*embed\b/i,
  /<\s*object\b/i,
  /xlink:href\s*=\s*["']\s*(?!#|data:image\/)/i,
  /\bhref\s*=\s*["']\s*(?!#|data:image\/)/i,
];

/** True for SVG text with an <svg> root and none of the active content in SVG_FORBIDDEN. */
export function isSafeSvg(buffer: Buffer): boolean {
  let text = buffer.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) return false;
  // The root element after an optional XML declaration, comments and a doctype.
  const withoutProlog = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*/i, '');
  if (!/^<svg[\s>]/i.test(withoutProlog)) return false;
  return !SVG_FORBIDDEN.some((pattern) => pattern.test(text));
}

/**
 * The image type by content: PNG, JPEG, GIF and WebP by their magic bytes, SVG by being safe SVG
 * text. Anything else (including SVG with scripts) is undefined: the caller answers 415.
 */
export function detectImageKind(buffer: Buffer): ImageKind | undefined {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buffer, [0x47, 0x49, 0x46, 0x38]) && (buffer[4] === 0x37 || buffer[4] === 0x39) && buffer[5] === 0x61) return 'gif';
  if (startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) && startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (isSafeSvg(buffer)) return 'svg';
  return undefined;
}

export function imageKindOfName(name: string): ImageKind | undefined {
  const extension = path.extname(name).slice(1).toLowerCase();
  return (Object.keys(IMAGE_TYPES) as ImageKind[]).find((kind) => IMAGE_TYPES[kind].extensions.includes(extension));
}

const OTHER_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  ico: 'image/x-icon',
  wasm: 'application/wasm',
};

/** Content-Type by file extension; application/octet-stream when unknown. */
export function contentTypeOfName(name: string): string {
  const kind = imageKindOfName(name);
  if (kind) return IMAGE_TYPES[kind].contentType;
  return OTHER_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
