/** values-embedded.test.ts: the property value scenario (values-scenario.ts) on embedded PGlite. */
import { PGLITE_ADMIN_PASSWORD, pgliteScenario } from './pglite-scenario';
import { valuesScenario } from './values-scenario';

pgliteScenario({}, ({ app }) => valuesScenario(app, `Basic ${Buffer.from(`admin:${PGLITE_ADMIN_PASSWORD}`).toString('base64')}`));
