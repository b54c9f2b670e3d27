import { z } from 'zod';
import { isValidIdentifier } from '../../graph/identifiers';
import type { SettingDefinition } from './setting-type';
import { identifierSchema, nodeValuesByLabel, sortedUnique, titleProperty } from './setting-type';

/**
 * APPEARANCE: how the visualization draws elements: the caption property and colour per label,
 * and the colour per relationship type. Colours are CSS colours in a restricted syntax (hex,
 * rgb()/rgba()/hsl()/hsla() with numbers, or a colour keyword) so nothing else reaches a style.
 */
const CSS_COLOR =
  /^(#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|(rgb|rgba|hsl|hsla)\(\s*[0-9.%+-]+(\s*[,/ ]\s*[0-9.%+-]+){2,3}\s*\)|[a-zA-Z]{3,30})$/;

const ICON_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const cssColorSchema = z
  .string()
  .max(60)
  .regex(CSS_COLOR, { message: 'not a CSS colour (#rgb, #rrggbb, rgb(...), hsl(...) or a colour name)' });

export const appearanceSchema = z
  .object({
    nodeCaptions: z.record(identifierSchema('label'), identifierSchema('property')).default({}),
    colors: z.record(identifierSchema('label'), cssColorSchema).default({}),
    relationshipColors: z.record(identifierSchema('relationship type'), cssColorSchema).default({}),
    /** A custom icon (POST /icons) drawn inside the nodes of a label, by its file name. */
    icons: z
      .record(
        identifierSchema('label'),
        z.string().max(200).regex(ICON_FILE, { message: 'an icon file name (letters, digits, dot, dash, underscore)' }),
      )
      .default({}),
    /** Node size per label (1 to 50; default: by degree). */
    sizes: z.record(identifierSchema('label'), z.number().min(1).max(50)).default({}),
  })
  .strict()
  .openapi('AppearanceSetting', {
    description: "Caption property, colour, icon (a custom icon's file name) and size per node label, colour per relationship type.",
    example: {
      nodeCaptions: { Person: 'name', Company: 'name' },
      colors: { Person: '#4e79a7', Company: '#f28e2b' },
      relationshipColors: { KNOWS: '#999999' },
      icons: { Company: 'company.png' },
      sizes: { Company: 12 },
    },
  });

export type Appearance = z.infer<typeof appearanceSchema>;

/** A qualitative palette (Tableau 10), assigned to labels in alphabetical order. */
export const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export const appearance: SettingDefinition<typeof appearanceSchema> = {
  type: 'APPEARANCE',
  description: 'Caption property and colour per label, colour per relationship type',
  schema: appearanceSchema,
  defaultValue: () => ({ nodeCaptions: {}, colors: {}, relationshipColors: {}, icons: {}, sizes: {} }),
  /** Captions: the most name-like property of each sampled label; colours: the palette in label order. */
  automatic(input) {
    const values = nodeValuesByLabel(input.sample);
    const nodeCaptions: Record<string, string> = {};
    for (const [label, props] of values) {
      const title =
        titleProperty([...props.keys()].sort()) ?? [...props.keys()].sort().find((k) => props.get(k)!.some((v) => typeof v === 'string'));
      if (title) nodeCaptions[label] = title;
    }
    const colors: Record<string, string> = {};
    sortedUnique(values.keys()).forEach((label, i) => (colors[label] = PALETTE[i % PALETTE.length]));
    const relationshipColors: Record<string, string> = {};
    sortedUnique(input.sample.relationships.map((r) => r.type).filter(isValidIdentifier)).forEach(
      (type) => (relationshipColors[type] = '#999999'),
    );
    return { nodeCaptions, colors, relationshipColors, icons: {}, sizes: {} };
  },
};
