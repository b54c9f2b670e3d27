import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { UNRESTRICTED, type GraphNode, type GraphRelationship } from '../../src/graph/graph-store';
import type { TestApp } from './test-app';

/**
 * Helpers the graph and import tests share: emptying the graph of the run's backend between
 * tests, reading all of it unrestricted, uploading files, and the real files of ../shared/datasets
 * (read at run time, never copied into the repository).
 */

/** Deletes every node and relationship (PostgreSQL tables, or Neo4j with GAS_TEST_GRAPH_BACKEND=neo4j). */
export async function emptyGraph(t: TestApp): Promise<void> {
  if (t.deps.graph.backend === 'neo4j') {
    await t.deps.graph.runCypher('MATCH (n) DETACH DELETE n', {}, { readOnly: false, timeoutMs: 60000, maxRows: 1 });
  } else {
    await t.deps.db.raw('delete from graph_relationships');
    await t.deps.db.raw('delete from graph_nodes');
  }
}

/** Up to 1,000 nodes, unrestricted (sorted by name when asked). */
export async function allNodes(t: TestApp, sortByName = false): Promise<GraphNode[]> {
  return (
    await t.deps.graph.findNodes(
      { limit: 1000, ...(sortByName ? { sort: [{ property: 'name', direction: 'asc' as const }] } : {}) },
      UNRESTRICTED,
    )
  ).items;
}

/** Up to 1,000 relationships, unrestricted. */
export async function allRelationships(t: TestApp): Promise<GraphRelationship[]> {
  return (await t.deps.graph.findRelationships({ limit: 1000 }, UNRESTRICTED)).items;
}

/** POST /data/import/uploadFile with the files, as `auth`. */
export function uploadFiles(t: TestApp, auth: string, files: Array<[Buffer, string]>) {
  let call = request(t.app).post('/data/import/uploadFile').set('Authorization', auth);
  for (const [content, name] of files) call = call.attach('file', content, { filename: name, contentType: 'application/octet-stream' });
  return call;
}

export const DATASETS = path.resolve(__dirname, '../../../shared/datasets');

/** Nodes and relationships in the PostgreSQL graph tables (the browser tests' backend). */
export async function graphTableCounts(t: TestApp): Promise<{ nodes: number; relationships: number }> {
  const nodes = Number((await t.deps.db('graph_nodes').count({ n: '*' }))[0].n);
  const relationships = Number((await t.deps.db('graph_relationships').count({ n: '*' }))[0].n);
  return { nodes, relationships };
}

/** TinkerPop's classic graph with its edge key weight declared boolean: none of its 6 edges' weights (0.5, 1.0, ...) converts. */
export function tinkerpopWithBrokenWeight(): Buffer {
  const text = sharedDataset('graphml/tinkerpop-classic.xml').toString('utf8');
  const broken = text.replace('attr.name="weight" attr.type="float"', 'attr.name="weight" attr.type="boolean"');
  if (broken === text) throw new Error('tinkerpop-classic.xml no longer declares weight as attr.type="float"');
  return Buffer.from(broken, 'utf8');
}

/** A file of ../shared/datasets (e.g. 'graphml/igraph-test.graphml'); a clear error when the folder is missing. */
export function sharedDataset(name: string): Buffer {
  const file = path.join(DATASETS, name);
  if (!existsSync(file)) {
    throw new Error(
      `The real test file ${file} is missing: these tests read the shared datasets folder (../shared/datasets next to the repository), which CI always provides`,
    );
  }
  return readFileSync(file);
}
