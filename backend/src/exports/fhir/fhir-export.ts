/**
 * The FHIR R4 export (issue 28 item 1): the study patients in scope as Bulk Data NDJSON, one `<Type>.ndjson` per
 * resource type in one ZIP (the job model keeps one file per job; the Bulk Data routes serve each entry as its own
 * output). Patients are read in batches from a cursor; each type's lines go to a temporary file as they are
 * mapped, then the files are zipped, so memory stays flat however many patients there are.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { batches, groupBy } from '../../db/group-rows.js';
import type { ExportSourceContext } from '../../export-content/export-content.js';
import { definitionIndex } from '../../patient-documentation/definition-cache.js';
import { instrumentsOfPatients, visitsOfPatients } from '../patient-records.sql.js';
import { countFhirPatients, streamFhirPatients, type FhirPatientRow } from './fhir-export.sql.js';
import { fhirExportOptions } from './fhir-parameters.js';
import { FHIR_RESOURCE_TYPES, type FhirResourceType } from './fhir-resource-types.js';
import { patientResources } from './fhir-resources.js';
import type { FhirForm, FhirPatientSource } from './fhir-source.js';

/** Patients per cursor read and per batch of visit and instrument reads. */
const BATCH = 200;

export const ndjsonName = (type: FhirResourceType): string => `${type}.ndjson`;

async function sourcesOf(db: ExportSourceContext['db'], patients: readonly FhirPatientRow[]): Promise<FhirPatientSource[]> {
  const ids = patients.map((p) => p.id);
  const visits = groupBy(await visitsOfPatients(db, ids), (v) => v.studyPatientId);
  const instruments = await instrumentsOfPatients(db, ids);
  const ofVisit = groupBy(
    instruments.filter((i) => i.visitId !== null),
    (i) => i.visitId ?? '',
  );
  const standalone = groupBy(
    instruments.filter((i) => i.visitId === null),
    (i) => i.studyPatientId,
  );
  const form = (row: FhirForm): FhirForm => ({ id: row.id, definitionId: row.definitionId, changedAt: row.changedAt, fields: row.fields });
  return patients.map((patient) => ({
    id: patient.id,
    pseudonym: patient.pseudonym,
    changedAt: patient.changedAt,
    fields: patient.fields,
    visits: (visits.get(patient.id) ?? []).map((visit) => ({
      ...form(visit),
      visitDate: visit.visitDate,
      instruments: (ofVisit.get(visit.id) ?? []).map(form),
    })),
    standaloneInstruments: (standalone.get(patient.id) ?? []).map(form),
  }));
}

/** One NDJSON file per type in a temporary directory, opened at its first line. */
function ndjsonFiles(dir: string) {
  const files = new Map<FhirResourceType, WriteStream>();
  return {
    async write(type: FhirResourceType, line: string): Promise<void> {
      let file = files.get(type);
      if (!file) {
        file = createWriteStream(join(dir, ndjsonName(type)));
        files.set(type, file);
      }
      if (!file.write(line)) await once(file, 'drain');
    },
    /** Closes the files; a wanted type without resources gets an empty file, so the ZIP says what was asked. */
    async close(wanted: readonly FhirResourceType[]): Promise<void> {
      for (const type of wanted) if (!files.has(type)) files.set(type, createWriteStream(join(dir, ndjsonName(type))));
      await Promise.all(
        [...files.values()].map(
          (file) => new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve()))),
        ),
      );
    },
  };
}

/**
 * Writes the ZIP of the scope's NDJSON files into `out` and ends it. `progress(done, total)` follows the
 * patients mapped. The parameters `since` (ISO time) and `types` (resource types) narrow the export.
 */
export async function writeFhirExport(
  context: ExportSourceContext,
  out: Writable,
  progress: (done: number, total: number) => void,
): Promise<void> {
  const { db, scope } = context;
  const { since, types } = fhirExportOptions(scope.parameters);
  const wanted: readonly FhirResourceType[] = types ?? FHIR_RESOURCE_TYPES;
  const total = await countFhirPatients(db, scope, since);
  const dir = await mkdtemp(join(tmpdir(), 'fhir-export-'));
  try {
    const files = ndjsonFiles(dir);
    let done = 0;
    progress(done, total);
    for await (const batch of batches(streamFhirPatients(db, scope, since, BATCH), BATCH)) {
      const sources = await sourcesOf(db, batch);
      for (const [index, source] of sources.entries()) {
        const row = batch[index];
        if (!row) continue;
        const mapping = {
          index: await definitionIndex(db, row.definitionId, row.definitionVersion),
          definition: row.definitionIdentifier,
          since,
        };
        for (const resource of patientResources(source, mapping)) {
          if (wanted.includes(resource.resourceType)) await files.write(resource.resourceType, `${JSON.stringify(resource)}\n`);
        }
        done += 1;
        progress(done, total);
      }
    }
    await files.close(wanted);
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const zipped = pipeline(archive, out);
    for (const type of wanted) archive.file(join(dir, ndjsonName(type)), { name: ndjsonName(type) });
    await archive.finalize();
    await zipped;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
