import type { ServiceContext } from '../../core/context';
import type { AccessScope, CypherElementWrite, CypherResult } from '../../graph/graph-store';
import { assertPropertyCount } from '../../graph/property-values';
import { assertWriteInScope } from '../security/write-scope';
import { assertDataSchema } from '../settings/data-schema-validation';
import { SettingsService } from '../settings/settings-service';
import { assertPropertyNames, labelList } from './property-names';

/**
 * The check every element a writing Cypher query writes passes (CypherOptions.writeCheck, on the
 * PostgreSQL backend), the same rules as the node and relationship endpoints: names, the writer's
 * scope (write-scope.ts: hidden labels, types and properties, the row rule), the property count
 * limit and DATA_SCHEMA (loaded once per query). The adapter hands the element as the writer sees
 * it; a throw refuses the whole query (its transaction rolls back).
 */
export async function cypherWriteCheck(ctx: ServiceContext, scope: AccessScope): Promise<(write: CypherElementWrite) => void> {
  const schema = await new SettingsService(ctx).get('DATA_SCHEMA');
  const maxProperties = ctx.deps.config.graph.maxPropertiesPerElement;
  return (write) => {
    assertPropertyNames(write.patch);
    const namedProperties = Object.keys(write.patch);
    const complete = write.mode === 'create';
    if (write.entity === 'node') {
      const labels = labelList(write.labels);
      labelList(write.namedLabels);
      assertWriteInScope(scope, {
        entity: 'node',
        labels,
        properties: write.properties,
        namedLabels: write.namedLabels,
        namedProperties,
        complete,
      });
      assertPropertyCount(Object.keys(write.properties).length, maxProperties);
      assertDataSchema(schema, 'node', labels, complete ? write.properties : write.patch, write.mode);
    } else {
      assertWriteInScope(scope, {
        entity: 'relationship',
        type: write.type,
        namesType: complete,
        properties: write.properties,
        namedProperties,
        complete,
      });
      assertPropertyCount(Object.keys(write.properties).length, maxProperties);
      assertDataSchema(schema, 'relationship', [write.type], complete ? write.properties : write.patch, write.mode);
    }
  };
}

/** The details of a cypher.run event: the query (cut), whether it could write, and what it changed. */
export function runDetails(query: string, readOnly: boolean, result: CypherResult): Record<string, unknown> {
  return { query: query.slice(0, 10_000), readOnly, ...(result.sideEffects ? { sideEffects: result.sideEffects } : {}) };
}
