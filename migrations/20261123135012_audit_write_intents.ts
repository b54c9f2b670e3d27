import type { Knex } from 'knex';

/**
 * Two-phase audit records of graph writes (src/services/audit/write-intents.ts): the start-up
 * reconciliation looks for graph.write.intent events without a later event carrying the same
 * details.intentId. This index answers that lookup; only events with an intentId are in it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index audit_events_intent_id on audit_events ((details->>'intentId')) where (details->>'intentId') is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists audit_events_intent_id');
}
