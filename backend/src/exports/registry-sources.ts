/** The registry's export content: the table kinds' sources, the SAS program, the generic export, ODM and FHIR. */
import { genericExportSource } from '../generic-exports/index.js';
import { sasProgram, tableSources } from './contents/index.js';
import type { ExportSources } from './export-sources.js';
import { writeFhirExport } from './fhir/fhir-export.js';
import { writeOdmExport } from './odm/odm-export.js';

export const registrySources: ExportSources = {
  tables: { ...tableSources, 'generic-export': genericExportSource },
  sasProgram,
  odm: async (context, out, progress) => {
    await writeOdmExport(context, out, progress);
    // The ODM writer leaves the stream open for its caller.
    out.end();
  },
  fhir: writeFhirExport,
};
