import type { CstNode } from '../../../../cypher/parser';
import { descendants, nameOf, rule, rules } from '../../../../cypher/parser';
import { toJsonText } from '../../../../exact-json';
import { compareIdText, insertNodesWithIds } from '../../insert-nodes';
import { sql } from '../../sql';
import { nodeObject, relationshipObject } from '../expression-values';
import { cypherError, unsupported } from '../context';
import type { Row, WriteState } from '../write-state';
import { idText, propertyMap } from '../write-state';

/**
 * CREATE (and the creating half of MERGE): the pattern is planned once (which nodes are new,
 * which are bound, each relationship's type and direction), its property maps are evaluated for
 * every row in one statement, then every new node of every row is inserted in one statement and
 * every new relationship in another. Each element is shown to the writer's check first.
 */
export interface PlannedNode {
  name?: string;
  bound: boolean;
  labels: string[];
  props?: CstNode;
  at: CstNode;
}

export interface PlannedRelationship {
  name?: string;
  type: string;
  props?: CstNode;
  start: number;
  end: number;
  at: CstNode;
}

export interface CreatePlan {
  nodes: PlannedNode[];
  relationships: PlannedRelationship[];
  /** Named paths (`CREATE p = (a)-[:T]->(b)`): their nodes and relationships in pattern order. */
  paths: Array<{ name: string; nodes: number[]; relationships: number[] }>;
}

function innerElement(part: CstNode): CstNode {
  let element = rule(rule(part, 'anonymousPatternPart')!, 'patternElement') ?? rules(rule(part, 'anonymousPatternPart')!)[0];
  while (element && !rule(element, 'nodePattern') && rule(element, 'patternElement')) element = rule(element, 'patternElement')!;
  if (!element || element.rule !== 'patternElement') throw unsupported(part, 'This pattern');
  return element;
}

function labelsOf(pattern: CstNode): string[] {
  const labels = rule(pattern, 'nodeLabels');
  return labels ? rules(labels, 'nodeLabel').map((l) => nameOf(rule(l, 'labelName')!)) : [];
}

/** Plans the pattern parts of CREATE or MERGE over the variables bound so far. */
export function planCreate(w: WriteState, parts: CstNode[], clause: 'CREATE' | 'MERGE'): CreatePlan {
  const plan: CreatePlan = { nodes: [], relationships: [], paths: [] };
  const declared = new Map<string, number>();
  const nodeOf = (pattern: CstNode, alone: boolean): number => {
    const variable = rule(pattern, 'variable');
    const name = variable ? nameOf(variable) : undefined;
    const labels = labelsOf(pattern);
    const props = rule(pattern, 'properties');
    const annotated = labels.length > 0 || !!props;
    if (name !== undefined && declared.has(name)) {
      if (annotated) throw cypherError(pattern, `Variable \`${name}\` already declared`);
      return declared.get(name)!;
    }
    if (clause === 'MERGE' && props && rules(props)[0]?.rule === 'parameter')
      throw cypherError(props, 'Parameter maps cannot be used in MERGE patterns (use a map literal: {key: $param.key})');
    const column = name !== undefined ? w.vars.get(name) : undefined;
    if (column) {
      if (column.kind !== 'node') throw cypherError(pattern, `Type mismatch: \`${name}\` is not a node`);
      if (annotated || alone) throw cypherError(pattern, `Variable \`${name}\` already declared`);
      plan.nodes.push({ name, bound: true, labels: [], at: pattern });
    } else {
      plan.nodes.push({ name, bound: false, labels, props: props ? rules(props)[0] : undefined, at: pattern });
    }
    if (name !== undefined) declared.set(name, plan.nodes.length - 1);
    return plan.nodes.length - 1;
  };
  for (const part of parts) {
    const pathVariable = rule(part, 'variable');
    const pathName = pathVariable ? nameOf(pathVariable) : undefined;
    if (pathName !== undefined && (w.vars.has(pathName) || declared.has(pathName)))
      throw cypherError(pathVariable!, `Variable \`${pathName}\` already declared`);
    const element = innerElement(part);
    const chains = rules(element, 'patternElementChain');
    let previous = nodeOf(rule(element, 'nodePattern')!, chains.length === 0 && pathName === undefined);
    const path = { name: pathName ?? '', nodes: [previous], relationships: [] as number[] };
    for (const chain of chains) {
      const rel = rule(chain, 'relationshipPattern')!;
      const detail = rule(rel, 'relationshipDetail');
      const left = !!rule(rule(rel, 'relationshipPatternStart') ?? rel, 'leftArrowHead');
      const right = !!rule(rule(rel, 'relationshipPatternEnd') ?? rel, 'rightArrowHead');
      const next = nodeOf(rule(chain, 'nodePattern')!, false);
      if (detail && rule(detail, 'rangeLiteral')) throw cypherError(detail, `Variable length relationships cannot be used in ${clause}`);
      const types = detail ? descendants(detail, 'relTypeName').map(nameOf) : [];
      if (types.length !== 1) throw cypherError(rel, `Exactly one relationship type must be specified for ${clause}`);
      if (clause === 'CREATE' && left === right) throw cypherError(rel, 'Only directed relationships are supported in CREATE');
      if (clause === 'MERGE' && left && right) throw cypherError(rel, 'A relationship of MERGE has at most one direction');
      const variable = detail ? rule(detail, 'variable') : undefined;
      const name = variable ? nameOf(variable) : undefined;
      if (name !== undefined && (w.vars.has(name) || declared.has(name)))
        throw cypherError(variable!, `Variable \`${name}\` already declared`);
      if (name !== undefined) declared.set(name, -1);
      const props = detail ? rule(detail, 'properties') : undefined;
      if (clause === 'MERGE' && props && rules(props)[0]?.rule === 'parameter')
        throw cypherError(props, 'Parameter maps cannot be used in MERGE patterns (use a map literal: {key: $param.key})');
      plan.relationships.push({
        name,
        type: types[0],
        props: props ? rules(props)[0] : undefined,
        start: left ? next : previous,
        end: left ? previous : next,
        at: rel,
      });
      previous = next;
      path.nodes.push(next);
      path.relationships.push(plan.relationships.length - 1);
    }
    if (pathName !== undefined) {
      declared.set(pathName, -1);
      plan.paths.push(path);
    }
  }
  // A property map that reads an element of the same pattern would need it created first: refused.
  for (const p of [...plan.nodes, ...plan.relationships]) {
    const used = p.props ? descendants(p.props, 'variable').map(nameOf) : [];
    const own = used.find((name) => declared.has(name) && !w.vars.has(name));
    if (own !== undefined) throw unsupported(p.props!, `A property of ${clause} that reads \`${own}\` of the same pattern`);
  }
  return plan;
}

/** Creates the planned elements for each of these rows (the rows get the new variables). */
export async function createPlanned(w: WriteState, plan: CreatePlan, rows: Row[]): Promise<void> {
  const propNodes = [...plan.nodes, ...plan.relationships].filter((p) => p.props).map((p) => p.props!);
  const { values } = await w.evaluate(propNodes, rows);
  const propsOf = (rowIndex: number, p: PlannedNode | PlannedRelationship): Record<string, unknown> =>
    p.props ? propertyMap(values[rowIndex][propNodes.indexOf(p.props)], p.props, 'the properties of a created element') : {};
  const present = (props: Record<string, unknown>) => Object.fromEntries(Object.entries(props).filter(([, v]) => v !== null));

  const newNodes: Array<{ row: number; node: number; labels: string[]; properties: Record<string, unknown> }> = [];
  rows.forEach((_, r) =>
    plan.nodes.forEach((n, i) => {
      if (n.bound) return;
      const given = propsOf(r, n);
      const properties = present(given);
      w.check({ entity: 'node', mode: 'create', labels: [...new Set(n.labels)], properties, namedLabels: n.labels, patch: given });
      newNodes.push({ row: r, node: i, labels: [...new Set(n.labels)], properties });
    }),
  );
  await w.touchLabels(newNodes.flatMap((n) => n.labels));
  const nodeIds = await insertNodesWithIds(w.runner, w.trx, newNodes);
  const idOf = new Map<string, string>();
  newNodes.forEach((n, k) => {
    idOf.set(`${n.row}:${n.node}`, nodeIds[k]);
    w.created('node', nodeIds[k]);
    for (const [key, value] of Object.entries(n.properties)) w.property('node', nodeIds[k], key, null, value);
  });

  const newRels: Array<{ row: number; rel: number; type: string; s: string; e: string; properties: Record<string, unknown> }> = [];
  rows.forEach((row, r) =>
    plan.relationships.forEach((p, i) => {
      const end = (k: number): string => {
        const n = plan.nodes[k];
        const id = n.bound ? row[n.name!] : idOf.get(`${r}:${k}`);
        if (id === null || id === undefined)
          throw cypherError(p.at, `Failed to create relationship \`${p.name ?? p.type}\`, node \`${n.name}\` is missing (null)`);
        if (w.deletedNodes.has(idText(id)))
          throw cypherError(p.at, `Failed to create relationship \`${p.name ?? p.type}\`, node \`${n.name}\` is deleted`);
        return idText(id);
      };
      const given = propsOf(r, p);
      const properties = present(given);
      w.check({ entity: 'relationship', mode: 'create', type: p.type, properties, patch: given });
      newRels.push({ row: r, rel: i, type: p.type, s: end(p.start), e: end(p.end), properties });
    }),
  );
  let relIds: string[] = [];
  if (newRels.length > 0) {
    const seq = await w.sqlRows<{ id: string }>(
      sql`select nextval(pg_get_serial_sequence('graph_relationships', 'id'))::text as id from generate_series(1, ${newRels.length}::int)`,
    );
    relIds = seq.map((s) => s.id).sort(compareIdText);
    const payload = newRels.map((r, k) => ({ id: relIds[k], type: r.type, s: r.s, e: r.e, properties: r.properties }));
    await w.sqlRows(sql`insert into graph_relationships (id, type, start_id, end_id, properties)
      select x.id::bigint, x.type, x.s::bigint, x.e::bigint, x.properties
      from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(id text, type text, s text, e text, properties jsonb)`);
    newRels.forEach((r, k) => {
      w.created('rel', relIds[k]);
      for (const [key, value] of Object.entries(r.properties)) w.property('rel', relIds[k], key, null, value);
    });
  }

  // The new variables.
  newNodes.forEach((n, k) => {
    const name = plan.nodes[n.node].name;
    if (name !== undefined) rows[n.row][name] = nodeIds[k];
  });
  newRels.forEach((n, k) => {
    const name = plan.relationships[n.rel].name;
    if (name !== undefined) rows[n.row][name] = relIds[k];
  });
  for (const n of plan.nodes) if (n.name !== undefined && !n.bound) w.vars.set(n.name, { name: n.name, kind: 'node' });
  for (const p of plan.relationships) if (p.name !== undefined) w.vars.set(p.name, { name: p.name, kind: 'rel' });
  if (plan.paths.length > 0) {
    const relOf = new Map(newRels.map((n, k) => [`${n.row}:${n.rel}`, relIds[k]]));
    await namedPaths(
      w,
      plan,
      rows,
      (r, k) => (plan.nodes[k].bound ? idText(rows[r][plan.nodes[k].name!]) : idOf.get(`${r}:${k}`)!),
      (r, k) => relOf.get(`${r}:${k}`)!,
    );
  }
}

/** The value of each named path for each row, as a MATCH's named path holds it (its elements as the writer sees them). */
async function namedPaths(
  w: WriteState,
  plan: CreatePlan,
  rows: Row[],
  nodeId: (row: number, node: number) => string,
  relId: (row: number, rel: number) => string,
): Promise<void> {
  const t = w.translator();
  const payload = rows.flatMap((_, r) =>
    plan.paths.map((p) => ({ n: p.nodes.map((k) => nodeId(r, k)), r: p.relationships.map((k) => relId(r, k)) })),
  );
  const values = await w.sqlRows<{ v: unknown }>(sql`select jsonb_build_object(
      'nodes', (select jsonb_agg(${nodeObject(t, 'pn')} order by u.o) from jsonb_array_elements_text(x.e->'n') with ordinality u(id, o) join graph_nodes pn on pn.id = u.id::bigint),
      'relationships', (select coalesce(jsonb_agg(${relationshipObject(t, 'pr')} order by u.o), '[]'::jsonb) from jsonb_array_elements_text(x.e->'r') with ordinality u(id, o) join graph_relationships pr on pr.id = u.id::bigint)
    ) as v from jsonb_array_elements(${toJsonText(payload)}::jsonb) with ordinality x(e, o) order by x.o`);
  rows.forEach((row, r) => plan.paths.forEach((p, i) => (row[p.name] = values[r * plan.paths.length + i].v)));
  for (const p of plan.paths) w.vars.set(p.name, { name: p.name, kind: 'path' });
}

export async function createClause(w: WriteState, node: CstNode): Promise<void> {
  const parts = rules(rule(node, 'pattern')!, 'patternPart');
  const plan = planCreate(w, parts, 'CREATE');
  await createPlanned(w, plan, w.rows);
}
