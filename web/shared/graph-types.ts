/** The JSON shapes of the REST API's graph elements (see src/routes/schemas/graph.ts). */
export type Properties = Record<string, unknown>;

export interface ApiNode {
  id: string;
  labels: string[];
  properties: Properties;
}

export interface ApiRelationship {
  id: string;
  type: string;
  startNodeId: string;
  endNodeId: string;
  properties: Properties;
}

export interface ApiSubgraph {
  nodes: ApiNode[];
  relationships: ApiRelationship[];
}

export interface ApiPath extends ApiSubgraph {}
