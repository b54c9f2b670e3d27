import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors';

export type ExportImageFormat = 'png' | 'svg';

export const EXPORT_IMAGE_TYPES: Record<ExportImageFormat, string> = { png: 'image/png', svg: 'image/svg+xml' };

const DATA_URL = /^data:(image\/png|image\/svg\+xml)(;[a-zA-Z0-9=.+-]+)*?;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a Base64 image, given plain or as a data URL (data:image/png;base64,...). The
 * format comes from the data URL or, for plain Base64, from `format`; a data URL and a format
 * that disagree are refused. Size is checked on the encoded length before decoding.
 */
export function decodeImage(
  image: string,
  format: ExportImageFormat | undefined,
  maxBytes: number,
): { bytes: Buffer; format: ExportImageFormat } {
  let declared: ExportImageFormat | undefined;
  let payload = image;
  const match = DATA_URL.exec(image);
  if (match) {
    declared = match[1].toLowerCase() === 'image/png' ? 'png' : 'svg';
    payload = image.slice(match[0].length);
  } else if (/^data:/i.test(image)) {
    throw new UnsupportedMediaTypeError('Only data:image/png;base64 and data:image/svg+xml;base64 URLs are accepted');
  }
  if (declared && format && declared !== format)
    throw new BadRequestError(`The data URL holds ${declared}, but format says ${format}`, 'IMAGE_FORMAT_MISMATCH');
  const resolved = declared ?? format;
  if (!resolved) throw new BadRequestError('Plain Base64 needs a format (png or svg)', 'IMAGE_FORMAT_REQUIRED');
  payload = payload.replace(/[\r\n\t ]+/g, '');
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 2) throw new PayloadTooLargeError(`The image is larger than ${maxBytes} bytes`);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload))
    throw new BadRequestError('The image is not valid Base64', 'INVALID_BASE64');
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > maxBytes) throw new PayloadTooLargeError(`The image is larger than ${maxBytes} bytes`);
  return { bytes, format: resolved };
}

// ---------------------------------------------------------------------------------------------
// PNG

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (let i = 0; i < buffer.length; i++) crc = CRC_TABLE[(crc ^ buffer[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const VALID_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const MAX_DIMENSION = 100_000;

function notPng(reason: string): UnsupportedMediaTypeError {
  return new UnsupportedMediaTypeError(`The image is not a valid PNG: ${reason}`);
}

/**
 * A PNG: the signature, then an IHDR chunk (13 bytes, sane dimensions, bit depth and colour type,
 * correct CRC) and a chain of well-formed chunks (length within the file, CRC correct) that has at
 * least one IDAT and ends with IEND. Returns the dimensions.
 */
export function checkPng(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw notPng('no PNG signature');
  let offset = 8;
  let first = true;
  let sawIdat = false;
  let dimensions: { width: number; height: number } | undefined;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw notPng('truncated chunk');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw notPng('invalid chunk type');
    if (length > bytes.length - offset - 12) throw notPng(`chunk ${type} runs past the end`);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) throw notPng(`CRC mismatch in chunk ${type}`);
    if (first) {
      if (type !== 'IHDR' || length !== 13) throw notPng('the first chunk is not IHDR');
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const depth = data[8];
      const colorType = data[9];
      if (width === 0 || height === 0 || width > MAX_DIMENSION || height > MAX_DIMENSION) throw notPng('invalid dimensions');
      if (!VALID_DEPTHS[colorType]?.includes(depth)) throw notPng('invalid bit depth or colour type');
      if (data[10] !== 0 || data[11] !== 0 || data[12] > 1) throw notPng('invalid compression, filter or interlace method');
      dimensions = { width, height };
      first = false;
    } else if (type === 'IHDR') throw notPng('a second IHDR');
    if (type === 'IDAT') sawIdat = true;
    offset += 12 + length;
    if (type === 'IEND') {
      if (offset !== bytes.length) throw notPng('data after IEND');
      if (!sawIdat) throw notPng('no image data');
      return dimensions!;
    }
  }
  throw notPng('no IEND chunk');
}

// ---------------------------------------------------------------------------------------------
// SVG

function notSafeSvg(reason: string): UnsupportedMediaTypeError {
  return new UnsupportedMediaTypeError(`The image is not a safe SVG: ${reason}`);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Attribute text as the browser reads it: character references decoded (other entities are refused). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    const known = XML_ENTITIES[ref];
    if (known === undefined || !whole.endsWith(';')) throw notSafeSvg(`unknown entity &${ref}`);
    return known;
  });
}

/** A URL with whitespace and control characters removed (browsers ignore them in schemes). */
// eslint-disable-next-line no-control-regex -- control characters are what browsers ignore in a scheme, so they are removed
const squeeze = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'audio',
  'video',
  'canvas',
  'html',
  'body',
  'meta',
  'link',
  'base',
  'frame',
  'frameset',
]);
const REFERENCE_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'codebase', 'base', 'to', 'from', 'values', 'by']);
/** Same-document fragments and inline raster images are the only references allowed. */
const SAFE_REFERENCE = /^(#|data:image\/(png|jpeg|gif|webp);)/;

function checkReference(name: string, value: string): void {
  const url = squeeze(value);
  if (url.includes('javascript:') || url.includes('vbscript:') || url.includes('data:text/html') || url.includes('data:image/svg')) {
    throw notSafeSvg(`a script URL in ${name}`);
  }
  if (
    (name === 'href' ||
      name === 'src' ||
      name === 'data' ||
      name === 'action' ||
      name === 'formaction' ||
      name === 'codebase' ||
      name === 'base') &&
    url !== '' &&
    !SAFE_REFERENCE.test(url)
  ) {
    throw notSafeSvg(`an external reference in ${name}`);
  }
}

/** CSS (style attributes and <style> text): no external url(), no @import, no expression(). */
function checkCss(css: string): void {
  // CSS escapes could spell url( or @import in pieces: refused outright.
  if (css.includes('\\')) throw notSafeSvg('escapes in CSS');
  const text = squeeze(css);
  if (
    text.includes('@import') ||
    text.includes('expression(') ||
    text.includes('javascript:') ||
    text.includes('-moz-binding') ||
    text.includes('behavior:')
  ) {
    throw notSafeSvg('active CSS');
  }
  for (const match of text.matchAll(/url\(([^)]*)\)/g)) {
    const target = match[1].replace(/^["']|["']$/g, '');
    if (!SAFE_REFERENCE.test(target)) throw notSafeSvg('an external url() in CSS');
  }
}

const NAME = '[A-Za-z_][A-Za-z0-9_.:-]*';

/**
 * An SVG document parsed far enough to be sure it cannot run script when shown: a tokenizer walks
 * every tag, attribute and text node. Refused: DOCTYPE and entity declarations, processing
 * instructions other than the XML declaration, elements that run or embed active content
 * (script, foreignObject, iframe, ...), event handler attributes (on*), javascript:/vbscript:
 * URLs anywhere in attribute values (after decoding character references), references other than
 * same-document fragments and inline raster images, active or external CSS, and malformed markup.
 * The root element must be svg.
 */
export function checkSvg(bytes: Buffer): void {
  let text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) throw notSafeSvg('not UTF-8 text');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // eslint-disable-next-line no-control-regex -- control characters are what an SVG must not hold
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw notSafeSvg('control characters');
  const openTag = new RegExp(`<(${NAME})`, 'y');
  const attribute = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'y');
  const tagEnd = /\s*(\/?)>/y;
  const closeTag = new RegExp(`</(${NAME})\\s*>`, 'y');
  const at = (pattern: RegExp, from: number) => {
    pattern.lastIndex = from;
    return pattern.exec(text);
  };
  const stack: string[] = [];
  let root: string | undefined;
  let position = 0;
  while (position < text.length) {
    if (text.startsWith('<!--', position)) {
      const end = text.indexOf('-->', position + 4);
      if (end < 0) throw notSafeSvg('an unclosed comment');
      position = end + 3;
    } else if (text.startsWith('<![CDATA[', position)) {
      const end = text.indexOf(']]>', position + 9);
      if (end < 0 || stack.length === 0) throw notSafeSvg('a misplaced CDATA section');
      if (stack[stack.length - 1] === 'style') checkCss(text.slice(position + 9, end));
      position = end + 3;
    } else if (text.startsWith('<!', position)) {
      throw notSafeSvg('DOCTYPE or entity declarations');
    } else if (text.startsWith('<?', position)) {
      const end = text.indexOf('?>', position + 2);
      if (position !== 0 || end < 0 || !/^<\?xml\s/.test(text)) throw notSafeSvg('processing instructions');
      position = end + 2;
    } else if (text.startsWith('</', position)) {
      const match = at(closeTag, position);
      if (!match) throw notSafeSvg('a malformed closing tag');
      if (stack.pop() !== localName(match[1])) throw notSafeSvg(`a misnested closing tag </${match[1]}>`);
      position += match[0].length;
    } else if (text[position] === '<') {
      const match = at(openTag, position);
      if (!match) throw notSafeSvg('a malformed tag');
      const element = localName(match[1]);
      if (FORBIDDEN_ELEMENTS.has(element)) throw notSafeSvg(`the element <${match[1]}>`);
      if (root === undefined) {
        if (element !== 'svg') throw notSafeSvg('the root element is not svg');
        root = element;
      } else if (stack.length === 0) throw notSafeSvg('content after the root element');
      position += match[0].length;
      for (let found = at(attribute, position); found; found = at(attribute, position)) {
        checkAttribute(found[1], decodeEntities(found[2] ?? found[3] ?? ''));
        position += found[0].length;
      }
      const close = at(tagEnd, position);
      if (!close) throw notSafeSvg(`a malformed tag <${match[1]}>`);
      position += close[0].length;
      if (!close[1]) stack.push(element);
    } else {
      const end = text.indexOf('<', position);
      const chunk = text.slice(position, end < 0 ? text.length : end);
      if (stack.length === 0 && chunk.trim() !== '') throw notSafeSvg('text outside the root element');
      const decoded = decodeEntities(chunk);
      if (stack[stack.length - 1] === 'style') checkCss(decoded);
      position = end < 0 ? text.length : end;
    }
  }
  if (root === undefined) throw notSafeSvg('no svg root element');
  if (stack.length > 0) throw notSafeSvg(`the element <${stack[stack.length - 1]}> is not closed`);
}

function localName(qualified: string): string {
  const colon = qualified.lastIndexOf(':');
  return (colon >= 0 ? qualified.slice(colon + 1) : qualified).toLowerCase();
}

function checkAttribute(qualified: string, value: string): void {
  const name = localName(qualified);
  if (name.startsWith('on')) throw notSafeSvg(`the event handler attribute ${qualified}`);
  const squeezed = squeeze(value);
  if (squeezed.includes('javascript:') || squeezed.includes('vbscript:')) throw notSafeSvg(`a script URL in ${qualified}`);
  if (REFERENCE_ATTRIBUTES.has(name)) checkReference(name, value);
  if (name === 'style') checkCss(value);
  if (name === 'attributename' && /^(xlink:)?href$|^on/i.test(value.trim())) throw notSafeSvg('an animation of href or an event handler');
  if (/url\(/i.test(value) && name !== 'style') checkCss(value);
}

// ---------------------------------------------------------------------------------------------
// File names

/**
 * A file name that is safe in a Content-Disposition header and on any file system: letters,
 * digits, space, dot, underscore and hyphen only (others become "_"), no leading dots, at most 100
 * characters, with the extension of the format (added or replaced).
 */
export function safeFileName(requested: string | undefined, format: ExportImageFormat): string {
  const base = (requested ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.(png|svg)$/i, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[\s._]+|[\s._]+$/g, '')
    .slice(0, 100);
  return `${base || 'visualization'}.${format}`;
}
