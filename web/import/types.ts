/** What the import wizard reads and sends: the generated request and answer types, and the analysis (typed loosely by the document, so described here as the service writes it: src/services/import/analysis.ts). */
import type { JsonAnswer, JsonBody } from '../shared/client';

export type UploadedFile = JsonAnswer<'postDataImportUploadFile', 201>['files'][number];
export type Mapping = JsonBody<'postDataImportImportFile'>['mapping'];
export type ImportState = JsonAnswer<'getDataImportImportsById'>;

export interface Column {
  name: string;
  type: string;
  empty?: number;
}
export interface TableAnalysis {
  name: string;
  kind: 'nodes' | 'relationships';
  rowCount: number;
  encoding?: string;
  bom?: boolean;
  delimiter?: string;
  formulaCells?: { count: number; first: string[] };
  rejections?: { rows: number; first: string[] };
  columns: Column[];
  sampleRows: string[][];
  mapping: Mapping;
}
export interface GraphmlKey {
  id: string;
  for: string;
  name: string;
  type: string;
  default?: string;
}
export interface GraphmlAnalysis {
  nodeCount: number;
  edgeCount: number;
  directed: boolean;
  parallelEdges?: number;
  labels: string[];
  labelSource: string;
  relationshipTypes: string[];
  keys: GraphmlKey[];
  warnings?: string[];
  mapping: Mapping;
}
export interface Analysis {
  name: string;
  tables?: TableAnalysis[];
  graphml?: GraphmlAnalysis;
}

/** The file being mapped: its analysis and, for tables, the chosen sheet. */
export interface Current {
  file: UploadedFile;
  analysis: Analysis;
  table: TableAnalysis | null;
}
