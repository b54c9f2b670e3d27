/** The JSON shapes of the REST API's graph elements: the generated schema types (generated/api.d.ts) under the names the workspace uses. */
import type { components } from './generated/api';

type Schemas = components['schemas'];

export type Properties = Schemas['Node']['properties'];
export type ApiNode = Schemas['Node'];
export type ApiRelationship = Schemas['Relationship'];
export type ApiPath = Schemas['Path'];

export interface ApiSubgraph {
  nodes: ApiNode[];
  relationships: ApiRelationship[];
}
