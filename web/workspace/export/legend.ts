/**
 * The legend drawn on exported pictures: what each colour means (labels, relationship types, or the
 * categories a style by the data gives), in a box at the upper left. The same entries for PNG
 * (canvas 2D) and SVG; pure but for the canvas it draws on.
 */
export interface LegendEntry {
  color: string;
  text: string;
  /** A node swatch (disc) or a relationship one (line). */
  kind: 'node' | 'edge';
}

const ROW = 18;
const PAD = 10;
const FONT = 12;
/** At most this many rows: a legend of hundreds of categories would cover the picture. */
export const MAX_LEGEND_ROWS = 40;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const safeColor = (color: string) =>
  /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,32}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]{1,40}\))$/.test(color) ? color : '#999999';

function rows(entries: LegendEntry[]): LegendEntry[] {
  return entries
    .slice(0, MAX_LEGEND_ROWS)
    .map((entry) => ({ ...entry, text: entry.text.length > 60 ? `${entry.text.slice(0, 59)}…` : entry.text }));
}

export function drawLegend(context: CanvasRenderingContext2D, entries: LegendEntry[], scale: number): void {
  const shown = rows(entries);
  if (!shown.length) return;
  context.save();
  context.scale(scale, scale);
  context.font = `${FONT}px sans-serif`;
  const width = PAD * 3 + 14 + Math.max(...shown.map((entry) => context.measureText(entry.text).width));
  const height = PAD * 2 + shown.length * ROW;
  context.fillStyle = 'rgba(255, 255, 255, 0.92)';
  context.strokeStyle = '#d9dee5';
  context.fillRect(PAD, PAD, width, height);
  context.strokeRect(PAD, PAD, width, height);
  shown.forEach((entry, i) => {
    const y = PAD * 2 + i * ROW + ROW / 2;
    context.fillStyle = safeColor(entry.color);
    context.strokeStyle = safeColor(entry.color);
    if (entry.kind === 'node') {
      context.beginPath();
      context.arc(PAD * 2 + 6, y, 6, 0, Math.PI * 2);
      context.fill();
    } else {
      context.lineWidth = 2;
      context.beginPath();
      context.moveTo(PAD * 2, y);
      context.lineTo(PAD * 2 + 14, y);
      context.stroke();
    }
    context.fillStyle = '#1f2933';
    context.textBaseline = 'middle';
    context.fillText(entry.text, PAD * 3 + 14, y);
  });
  context.restore();
}

/** The legend as SVG (text escaped; shapes and text only, as the export endpoint accepts). */
export function svgLegend(entries: LegendEntry[], scale: number): string {
  const shown = rows(entries);
  if (!shown.length) return '';
  // No text measuring outside a canvas: a width from the longest text at an average glyph width.
  const width = PAD * 3 + 14 + Math.max(...shown.map((entry) => entry.text.length)) * FONT * 0.6;
  const height = PAD * 2 + shown.length * ROW;
  const items = shown.map((entry, i) => {
    const y = PAD * 2 + i * ROW + ROW / 2;
    const swatch =
      entry.kind === 'node'
        ? `<circle cx="${PAD * 2 + 6}" cy="${y}" r="6" fill="${safeColor(entry.color)}"/>`
        : `<line x1="${PAD * 2}" y1="${y}" x2="${PAD * 2 + 14}" y2="${y}" stroke="${safeColor(entry.color)}" stroke-width="2"/>`;
    return `${swatch}<text x="${PAD * 3 + 14}" y="${y + 4}" font-family="sans-serif" font-size="${FONT}" fill="#1f2933">${escape(entry.text)}</text>`;
  });
  return `<g class="legend" transform="scale(${Math.round(scale * 1000) / 1000})"><rect x="${PAD}" y="${PAD}" width="${Math.round(width)}" height="${height}" fill="#ffffff" fill-opacity="0.92" stroke="#d9dee5"/>${items.join('')}</g>`;
}
