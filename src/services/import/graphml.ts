import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BadRequestError, UnprocessableError } from '../../errors';
import { IntegralFloat } from '../../exact-json';

/** The elements a key is declared for (GraphML's key.for; absent = all). */
export type GraphmlDomain = 'node' | 'edge' | 'graph' | 'all' | 'port' | 'hyperedge' | 'endpoint' | 'graphml';

export interface GraphmlKey {
  id: string;
  for: GraphmlDomain;
  name: string;
  type: 'boolean' | 'int' | 'long' | 'float' | 'double' | 'string';
  default?: string;
}

export interface GraphmlNode {
  id: string;
  line: number;
  /** Neo4j's labels=":A:B" attribute, split. */
  labels: string[];
  /** Values of the keys declared for nodes (or all), by key id. */
  data: Record<string, string>;
  /** yEd: the text of y:NodeLabel; yFiles for HTML: the text of the first y:Label.Text. */
  yedLabel?: string;
}

export interface GraphmlEdge {
  id?: string;
  line: number;
  source: string;
  target: string;
  directed: boolean;
  /** Neo4j's label="TYPE" attribute on edges. */
  label?: string;
  /** Values of the keys declared for edges (or all), by key id. */
  data: Record<string, string>;
}

/** What a GraphML file declares (filled while it is read; warnings complete at its end). */
export interface GraphmlHeader {
  keys: GraphmlKey[];
  directed: boolean;
  /** What was read but left out (ports, data of keys declared for other elements, XML markup in data). */
  warnings: string[];
}

/** A node or an edge of the file, in document order. */
export type GraphmlElement = { node: GraphmlNode; edge?: undefined } | { edge: GraphmlEdge; node?: undefined };

/** Characters of the file parsed between two turns given to the event loop (and per element list). */
const CHUNK = 64 * 1024;
/** At most this long parsing without giving the event loop a turn (other requests wait meanwhile). */
const SLICE_MS = 10;

const KEY_TYPES = new Set(['boolean', 'int', 'long', 'float', 'double', 'string']);
const DOMAINS = new Set<GraphmlDomain>(['node', 'edge', 'graph', 'all', 'port', 'hyperedge', 'endpoint', 'graphml']);

/** xs:boolean: true, false, 1 or 0, white space around them collapsed (any case accepted, as igraph writes True). */
export function graphmlBoolean(text: string): boolean | undefined {
  const t = text.trim();
  if (t === '1' || /^true$/i.test(t)) return true;
  if (t === '0' || /^false$/i.test(t)) return false;
  return undefined;
}

/** Where a <data> element stands: the element it describes. */
type Owner = 'node' | 'edge' | 'graph' | 'port' | 'graphml';

/**
 * Reads a GraphML file with a streaming SAX parser (saxes; no DOM, no external entities, no
 * DTD processing), from disk a chunk at a time: yields the nodes and edges closed by each chunk,
 * in document order; `doc` holds the keys as they are declared and, at the end, the warnings.
 * Nested graphs and hyperedges are refused (422 naming the element and line), as is data for a
 * key the file does not declare (422 GRAPHML_UNDECLARED_KEY naming the key, the element and the
 * line); malformed XML is a 400 with the line and column. The checks across elements (ids, ends
 * of edges) are graphml-scan.ts's.
 *
 * Left out with a warning (doc.warnings), the rest of the graph read: ports (<port>, yEd and
 * yFiles write them; edges keep their nodes, without sourceport/targetport), data of a key
 * declared for other elements (a key applies only to the elements of its `for`: node, edge or
 * all for nodes; edge or all for edges), and data holding XML markup instead of a value (yFiles
 * styles, geometry, label lists: only the text of a yEd/yFiles node label is kept, as `name`).
 */
export async function* readGraphml(
  file: string,
  fileName: string,
  doc: GraphmlHeader = { keys: [], directed: true, warnings: [] },
): AsyncGenerator<GraphmlElement[]> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let closed: GraphmlElement[] = [];
  const keys = new Map<string, GraphmlKey>();
  let sawGraphml = false;
  let graphDepth = 0;
  let node: GraphmlNode | undefined;
  let edge: GraphmlEdge | undefined;
  let key: GraphmlKey | undefined;
  /** The open <data> (or a key's <default>): its text, and whether it holds elements (markup). */
  let data: { key?: GraphmlKey; owner: Owner; line: number; text: string; markup: boolean; depth: number; label?: boolean } | undefined;
  let defaultOf: { text: string; markup: boolean; depth: number } | undefined;
  let portDepth = 0;
  let inYedLabel = 0;
  let yedText = '';
  let failure: Error | undefined;
  const ports = { count: 0, firstLine: 0, edges: 0 };
  /** Data of keys declared for other elements, and data holding markup: counted per key and element kind. */
  const misplaced = new Map<string, { key: GraphmlKey; owner: Owner; count: number; element: string; line: number }>();
  const markup = new Map<string, { key: GraphmlKey; owner: Owner; count: number; element: string; line: number; label?: boolean }>();
  const refuse = (element: string, what: string): void => {
    failure ??= new UnprocessableError(
      `The GraphML file ${fileName}, line ${parser.line}: ${what} (<${element}>) are not supported`,
      'GRAPHML_UNSUPPORTED',
      { file: fileName, line: parser.line, element },
    );
  };
  const local = (name: string): string => name.replace(/^.*:/, '');
  /** Names from the file in messages: at most 100 characters each. */
  const short = (text: string): string => (text.length > 100 ? `${text.slice(0, 100)}…` : text);
  const describe = (owner: Owner): string =>
    owner === 'node'
      ? `node ${short(node?.id ?? '')}`
      : owner === 'edge'
        ? `edge ${short(edge?.id ?? `${edge?.source}->${edge?.target}`)}`
        : owner === 'port'
          ? `a port of node ${short(node?.id ?? '')}`
          : owner === 'graph'
            ? 'the graph'
            : 'the graphml element';

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    const a = tag.attributes as Record<string, string>;
    // Inside <data> or <default>: markup (yFiles XAML, yEd graphics), never GraphML structure.
    if (data || defaultOf) {
      const open = (data ?? defaultOf)!;
      open.markup = true;
      open.depth++;
      if (data?.owner === 'node' && node && node.yedLabel === undefined && (name === 'NodeLabel' || name === 'Label.Text')) {
        inYedLabel = open.depth;
        yedText = '';
        if (data) data.label = true;
      }
      return;
    }
    if (name === 'graphml') sawGraphml = true;
    else if (name === 'graph') {
      if (graphDepth > 0 || node || edge) refuse('graph', 'nested graphs');
      graphDepth++;
      if (a.edgedefault) doc.directed = a.edgedefault !== 'undirected';
    } else if (name === 'key') {
      const type = (a['attr.type'] ?? 'string').toLowerCase();
      key = {
        id: a.id ?? '',
        for: (DOMAINS.has(a.for as GraphmlDomain) ? a.for : 'all') as GraphmlDomain,
        name: a['attr.name'] ?? a['yfiles.type'] ?? a.id ?? '',
        type: (KEY_TYPES.has(type) ? type : 'string') as GraphmlKey['type'],
      };
      doc.keys.push(key);
      keys.set(key.id, key);
    } else if (name === 'default') {
      if (key) defaultOf = { text: '', markup: false, depth: 0 };
    } else if (name === 'port') {
      portDepth++;
      ports.count++;
      if (ports.count === 1) ports.firstLine = parser.line;
    } else if (name === 'node' && tag.name.indexOf(':') < 0) {
      if (node) refuse('node', 'nested nodes');
      node = { id: a.id ?? '', line: parser.line, labels: (a.labels ?? '').split(':').filter(Boolean), data: {} };
    } else if (name === 'edge') {
      if (!a.source || !a.target)
        failure ??= new UnprocessableError(
          `The GraphML file ${fileName}, line ${parser.line}: an edge without source or target`,
          'GRAPHML_INVALID',
          { file: fileName, line: parser.line },
        );
      edge = {
        id: a.id,
        line: parser.line,
        source: a.source ?? '',
        target: a.target ?? '',
        directed: a.directed === undefined ? doc.directed : (graphmlBoolean(a.directed) ?? doc.directed),
        label: a.label,
        data: {},
      };
      if (a.sourceport || a.targetport) ports.edges++;
    } else if (name === 'hyperedge') refuse('hyperedge', 'hyperedges');
    else if (name === 'data') {
      const owner: Owner = portDepth > 0 ? 'port' : edge ? 'edge' : node ? 'node' : graphDepth > 0 ? 'graph' : 'graphml';
      const declared = a.key === undefined ? undefined : keys.get(a.key);
      if (!declared) {
        const keyId = short(a.key ?? '');
        failure ??= new UnprocessableError(
          `The GraphML file ${fileName}, line ${parser.line}: ${describe(owner)} has data for the key "${keyId}", which the file does not declare (no <key id="${keyId}"> before it); nothing was imported`,
          'GRAPHML_UNDECLARED_KEY',
          { file: fileName, line: parser.line, key: keyId, element: describe(owner) },
        );
      }
      data = { key: declared, owner, line: parser.line, text: '', markup: false, depth: 0 };
    }
  });
  parser.on('text', (text: string) => {
    if (inYedLabel) yedText += text;
    if (data) data.text += text;
    else if (defaultOf) defaultOf.text += text;
  });
  parser.on('cdata', (text: string) => {
    if (inYedLabel) yedText += text;
    if (data) data.text += text;
    else if (defaultOf) defaultOf.text += text;
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    const open = data ?? defaultOf;
    if (open && open.depth > 0) {
      if (inYedLabel === open.depth) {
        inYedLabel = 0;
        if (node && node.yedLabel === undefined && yedText.trim()) node.yedLabel = yedText.trim();
      }
      open.depth--;
      return;
    }
    if (name === 'graph') graphDepth--;
    else if (name === 'key') key = undefined;
    else if (name === 'default') {
      // A default made of markup (yFiles writes <x:Static .../> for port styles) is no value.
      if (key && defaultOf && !defaultOf.markup) key.default = defaultOf.text;
      defaultOf = undefined;
    } else if (name === 'port') portDepth--;
    else if (name === 'data' && data) {
      const { key: k, owner } = data;
      if (k && (owner === 'node' || owner === 'edge')) {
        const target = owner === 'edge' ? edge : node;
        if (k.for !== owner && k.for !== 'all') {
          const tally = misplaced.get(`${k.id}\u0000${owner}`);
          if (tally) tally.count++;
          else misplaced.set(`${k.id}\u0000${owner}`, { key: k, owner, count: 1, element: describe(owner), line: data.line });
        } else if (data.markup) {
          const tally = markup.get(`${k.id}\u0000${owner}`);
          if (tally) tally.count++;
          else markup.set(`${k.id}\u0000${owner}`, { key: k, owner, count: 1, element: describe(owner), line: data.line });
          if (data.label) markup.get(`${k.id}\u0000${owner}`)!.label = true;
        } else if (target) target.data[k.id] = data.text;
      }
      data = undefined;
    } else if (name === 'node' && tag.name.indexOf(':') < 0) {
      if (node) closed.push({ node });
      node = undefined;
    } else if (name === 'edge') {
      if (edge) closed.push({ edge });
      edge = undefined;
    }
  });

  const malformed = (error: unknown): BadRequestError =>
    new BadRequestError(
      `The GraphML file ${fileName} is not well-formed XML: ${(error as Error).message}`.slice(0, 400),
      'GRAPHML_MALFORMED',
      { file: fileName, line: parser.line, column: parser.column },
    );
  // Read and parsed a chunk at a time (issue 23 item 9: a 100 MiB file held whole cost 1 GB and
  // stalled every other request): the elements closed by each chunk go to the caller, and the
  // event loop gets a turn at least every SLICE_MS.
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK });
  let slice = Date.now();
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      try {
        parser.write(chunk);
      } catch (error) {
        throw malformed(error);
      }
      if (failure) throw failure;
      if (closed.length) {
        const out = closed;
        closed = [];
        yield out;
      }
      if (Date.now() - slice >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = Date.now();
      }
    }
    try {
      parser.close();
    } catch (error) {
      throw malformed(error);
    }
    if (failure) throw failure;
    if (closed.length) yield closed;
  } finally {
    stream.destroy();
  }
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (ports.count)
    doc.warnings.push(
      `${plural(ports.count, 'port')} (<port>, first on line ${ports.firstLine}) were skipped${ports.edges ? `; ${plural(ports.edges, 'edge')} name a sourceport or targetport: they join their nodes` : ''}`,
    );
  else if (ports.edges)
    doc.warnings.push(`${plural(ports.edges, 'edge')} name a sourceport or targetport, which were skipped: they join their nodes`);
  for (const m of misplaced.values()) {
    doc.warnings.push(
      `the key ${short(m.key.id)} (${short(m.key.name)}) is declared for ${m.key.for} but used on ${m.element} (line ${m.line}): left out (${plural(m.count, m.owner)})`,
    );
  }
  for (const m of markup.values()) {
    doc.warnings.push(
      `the key ${short(m.key.id)} (${short(m.key.name)}) holds XML markup, not a value, on ${m.element} (line ${m.line}): left out (${plural(m.count, m.owner)})${m.label ? '; the text of its node labels is the name property' : ''}`,
    );
  }
  for (const k of doc.keys) {
    if (k.default !== undefined && graphmlValue(k.default, k.type) === undefined) {
      doc.warnings.push(
        `the default of the key ${short(k.id)} (${short(k.name)}), "${k.default.trim().slice(0, 50)}", is not a ${k.type}: left out`,
      );
      delete k.default;
    }
  }
  if (!sawGraphml) throw new BadRequestError(`The file ${fileName} has no <graphml> root element`, 'GRAPHML_INVALID', { file: fileName });
}

/** A GraphML data value converted by its key's type (undefined when it does not convert). */
export function graphmlValue(text: string, type: GraphmlKey['type']): unknown {
  switch (type) {
    case 'boolean':
      return graphmlBoolean(text);
    case 'int':
    case 'long': {
      const t = text.trim();
      if (!/^[+-]?\d+$/.test(t)) return undefined;
      const n = Number(t);
      return Number.isSafeInteger(n) ? n : BigInt(t);
    }
    case 'float':
    case 'double': {
      // A float key's value stays FLOAT when whole (2 is 2.0), as on Neo4j.
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(n)) return undefined;
      return Number.isInteger(n) ? new IntegralFloat(n) : n;
    }
    default:
      return text;
  }
}
