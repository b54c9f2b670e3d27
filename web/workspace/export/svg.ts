/**
 * An SVG picture of what the canvas shows: edges as lines, nodes as circles, captions as text, in
 * the viewport's coordinates. Text is escaped; nothing but shapes and text is written (no script,
 * no links), so the export endpoint accepts it. Pure: the caller passes what sigma displays.
 */
export interface SvgNode {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
}

export interface SvgEdge {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const safeColor = (color: string) =>
  /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,32}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]{1,40}\))$/.test(color) ? color : '#999999';
const n = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : 0);

/** `overlay`: more SVG drawn on top (the legend, export/legend.ts). */
export function toSvg(width: number, height: number, nodes: SvgNode[], edges: SvgEdge[], overlay = ''): string {
  const lines = edges.map(
    (e) => `<line x1="${n(e.x1)}" y1="${n(e.y1)}" x2="${n(e.x2)}" y2="${n(e.y2)}" stroke="${safeColor(e.color)}" stroke-width="1"/>`,
  );
  const circles = nodes.map((node) => `<circle cx="${n(node.x)}" cy="${n(node.y)}" r="${n(node.size)}" fill="${safeColor(node.color)}"/>`);
  const labels = nodes
    .filter((node) => node.label)
    .map(
      (node) =>
        `<text x="${n(node.x + node.size + 3)}" y="${n(node.y + 4)}" font-family="sans-serif" font-size="12" fill="#1f2933">${escape(node.label)}</text>`,
    );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${Math.round(height)}" viewBox="0 0 ${Math.round(width)} ${Math.round(height)}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...lines,
    ...circles,
    ...labels,
    ...(overlay ? [overlay] : []),
    '</svg>',
  ].join('\n');
}

/** Base64 of UTF-8 text (btoa alone takes Latin-1 only). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
