// LOCAL SCAFFOLD (not committed): replaced by the helpers' sources at merge.
import type { ExportSources } from './export-sources.js';
const missing = (): never => {
  throw new Error('not merged yet');
};
export const registrySources: ExportSources = {
  tables: new Proxy({}, { get: () => missing }) as ExportSources['tables'],
  sasProgram: missing,
  odm: missing,
};
