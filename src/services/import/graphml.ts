import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BadRequestError, UnprocessableError } from '../../errors';

export interface GraphmlKey {
  id: string;
  for: 'node' | 'edge' | 'graph' | 'all';
  name: string;
  type: 'boolean' | 'int' | 'long' | 'float' | 'double' | 'string';
  default?: string;
}

export interface GraphmlNode {
  id: string;
  line: number;
  /** Neo4j's labels=":A:B" attribute, split. */
  labels: string[];
  data: Record<string, string>;
  /** yEd: the text of y:NodeLabel. */
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
  data: Record<string, string>;
}

export interface GraphmlDocument {
  keys: GraphmlKey[];
  nodes: GraphmlNode[];
  edges: GraphmlEdge[];
  directed: boolean;
  parallelEdges: number;
}

const KEY_TYPES = new Set(['boolean', 'int', 'long', 'float', 'double', 'string']);

/**
 * Reads a GraphML file with a streaming SAX parser (saxes; no DOM, no external entities, no
 * DTD processing). Nested graphs, hyperedges and ports are refused (422 naming the element and
 * line), as is an edge whose source or target the file does not define; malformed XML is a 400
 * with the line and column.
 */
export async function readGraphml(file: string, fileName: string): Promise<GraphmlDocument> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const doc: GraphmlDocument = { keys: [], nodes: [], edges: [], directed: true, parallelEdges: 0 };
  let sawGraphml = false;
  let graphDepth = 0;
  let node: GraphmlNode | undefined;
  let edge: GraphmlEdge | undefined;
  let dataKey: string | undefined;
  let dataText = '';
  let key: GraphmlKey | undefined;
  let inDefault = false;
  let inYedLabel = false;
  let yedText = '';
  let failure: Error | undefined;
  const refuse = (element: string, what: string): void => {
    failure ??= new UnprocessableError(`The GraphML file ${fileName}, line ${parser.line}: ${what} (<${element}>) are not supported`, 'GRAPHML_UNSUPPORTED', { file: fileName, line: parser.line, element });
  };
  const local = (name: string): string => name.replace(/^.*:/, '');

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    const a = tag.attributes as Record<string, string>;
    if (name === 'graphml') sawGraphml = true;
    else if (name === 'graph') {
      if (graphDepth > 0 || node || edge) refuse('graph', 'nested graphs');
      graphDepth++;
      if (a.edgedefault) doc.directed = a.edgedefault !== 'undirected';
    } else if (name === 'key') {
      const type = (a['attr.type'] ?? 'string').toLowerCase();
      key = {
        id: a.id ?? '',
        for: (['node', 'edge', 'graph', 'all'].includes(a.for) ? a.for : 'all') as GraphmlKey['for'],
        name: a['attr.name'] ?? a['yfiles.type'] ?? a.id ?? '',
        type: (KEY_TYPES.has(type) ? type : 'string') as GraphmlKey['type'],
      };
      doc.keys.push(key);
    } else if (name === 'default') {
      inDefault = true;
      dataText = '';
    } else if (name === 'node' && tag.name.indexOf(':') < 0) {
      if (node) refuse('node', 'nested nodes');
      node = { id: a.id ?? '', line: parser.line, labels: (a.labels ?? '').split(':').filter(Boolean), data: {} };
    } else if (name === 'edge') {
      if (!a.source || !a.target) failure ??= new UnprocessableError(`The GraphML file ${fileName}, line ${parser.line}: an edge without source or target`, 'GRAPHML_INVALID', { file: fileName, line: parser.line });
      edge = {
        id: a.id,
        line: parser.line,
        source: a.source ?? '',
        target: a.target ?? '',
        directed: a.directed === undefined ? doc.directed : a.directed === 'true',
        label: a.label,
        data: {},
      };
      if (a.sourceport || a.targetport) refuse('edge', 'ports');
    } else if (name === 'hyperedge') refuse('hyperedge', 'hyperedges');
    else if (name === 'port') refuse('port', 'ports');
    else if (name === 'data') {
      dataKey = a.key;
      dataText = '';
    } else if (name === 'NodeLabel' && node) {
      inYedLabel = true;
      yedText = '';
    }
  });
  parser.on('text', (text: string) => {
    if (inYedLabel) yedText += text;
    else if (dataKey !== undefined || inDefault) dataText += text;
  });
  parser.on('cdata', (text: string) => {
    if (dataKey !== undefined || inDefault) dataText += text;
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 'graph') graphDepth--;
    else if (name === 'key') key = undefined;
    else if (name === 'default') {
      if (key) key.default = dataText;
      inDefault = false;
    } else if (name === 'NodeLabel' && inYedLabel) {
      inYedLabel = false;
      if (node && node.yedLabel === undefined && yedText.trim()) node.yedLabel = yedText.trim();
    } else if (name === 'data') {
      if (dataKey !== undefined) {
        if (edge) edge.data[dataKey] = dataText;
        else if (node) node.data[dataKey] = dataText;
      }
      dataKey = undefined;
    } else if (name === 'node' && tag.name.indexOf(':') < 0) {
      if (node) doc.nodes.push(node);
      node = undefined;
    } else if (name === 'edge') {
      if (edge) doc.edges.push(edge);
      edge = undefined;
    }
  });

  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file, { encoding: 'utf8' });
    stream.on('data', (chunk) => {
      try {
        parser.write(chunk as string);
      } catch (error) {
        stream.destroy();
        reject(new BadRequestError(`The GraphML file ${fileName} is not well-formed XML: ${(error as Error).message}`.slice(0, 400), 'GRAPHML_MALFORMED', { file: fileName, line: parser.line, column: parser.column }));
      }
      if (failure) {
        stream.destroy();
        reject(failure);
      }
    });
    stream.on('error', reject);
    stream.on('end', () => {
      try {
        parser.close();
      } catch (error) {
        reject(new BadRequestError(`The GraphML file ${fileName} is not well-formed XML: ${(error as Error).message}`.slice(0, 400), 'GRAPHML_MALFORMED', { file: fileName, line: parser.line, column: parser.column }));
        return;
      }
      if (failure) reject(failure);
      else resolve();
    });
  });
  if (!sawGraphml) throw new BadRequestError(`The file ${fileName} has no <graphml> root element`, 'GRAPHML_INVALID', { file: fileName });
  const ids = new Set<string>();
  for (const n of doc.nodes) {
    if (!n.id) throw new UnprocessableError(`The GraphML file ${fileName}, line ${n.line}: a node without id`, 'GRAPHML_INVALID', { file: fileName, line: n.line });
    if (ids.has(n.id)) throw new UnprocessableError(`The GraphML file ${fileName}, line ${n.line}: the node id ${n.id} is used twice`, 'GRAPHML_INVALID', { file: fileName, line: n.line });
    ids.add(n.id);
  }
  const pairs = new Set<string>();
  for (const e of doc.edges) {
    for (const end of [e.source, e.target]) {
      if (!ids.has(end)) {
        throw new UnprocessableError(
          `The GraphML file ${fileName}, line ${e.line}: the edge ${e.id ?? `${e.source}->${e.target}`} refers to the node ${end}, which the file does not define`,
          'GRAPHML_MISSING_NODE',
          { file: fileName, line: e.line, node: end },
        );
      }
    }
    const pair = e.directed ? `${e.source}\u0000${e.target}` : [e.source, e.target].sort().join('\u0000');
    if (pairs.has(pair)) doc.parallelEdges++;
    pairs.add(pair);
  }
  return doc;
}

/** A GraphML data value converted by its key's type (undefined when it does not convert). */
export function graphmlValue(text: string, type: GraphmlKey['type']): unknown {
  switch (type) {
    case 'boolean':
      return /^true$/i.test(text.trim()) ? true : /^false$/i.test(text.trim()) ? false : undefined;
    case 'int':
    case 'long': {
      const t = text.trim();
      if (!/^[+-]?\d+$/.test(t)) return undefined;
      const n = Number(t);
      return Number.isSafeInteger(n) ? n : BigInt(t);
    }
    case 'float':
    case 'double': {
      const n = Number(text.trim());
      return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    default:
      return text;
  }
}
