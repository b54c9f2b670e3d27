/**
 * Relationship types drawn without an arrow: DATA_SCHEMA's `undirected` list (set by an
 * administrator, or by the import of a file whose edges are undirected, such as GraphML with
 * edgedefault="undirected"). The server leaves out types the reader may not see. Pure.
 */
export function undirectedTypes(dataSchema: unknown): string[] {
  const list = (dataSchema as { undirected?: unknown } | null | undefined)?.undirected;
  return Array.isArray(list) ? list.filter((type): type is string => typeof type === 'string') : [];
}
