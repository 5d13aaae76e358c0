/**
 * The CDISC ODM 1.3.2 export (issue 12 "Beyond the seeds"): one Snapshot document of the study's metadata
 * (one MetaDataVersion per definition version in use), its users, locations and signature meanings, and the
 * clinical data of every live patient in scope with audit records and signatures. Patients are streamed from
 * a cursor and the XML is serialised as it is built, so memory stays flat however many patients there are.
 */
import { once } from 'node:events';
import { batches } from '../../db/group-rows.js';
import { notFound } from '../../errors/errors.js';
import { findStudyInstitutes } from '../../institutes/institutes.sql.js';
import { findLanguages } from '../../languages/languages.service.js';
import { findStudies } from '../../studies/studies.sql.js';
import { findDefinitionModel } from '../../study-definitions/study-definitions.service.js';
import type { ExportSourceContext } from '../../export-content/export-content.js';
import { writeSubjectData, type OdmSubject } from './odm-clinical.js';
import {
  countPatientsInScope,
  definitionVersionsInScope,
  signatureMeaningsInScope,
  streamPatientsInScope,
  usersInScope,
  type OdmPatientRow,
} from './odm-export.sql.js';
import { translated, writeMetaDataVersion } from './odm-metadata-writer.js';
import { ODM_TEXTS, buildOdmMetadata, type OdmMetadata } from './odm-model.js';
import { loadSubjects } from './odm-subjects.js';
import { XmlWriter } from './xml-writer.js';

const ODM_NAMESPACE = 'http://www.cdisc.org/ns/odm/v1.3';
/** Patients per cursor read and per batch of related reads (visits, instruments, audit rows). */
const BATCH = 200;

export const userOid = (userName: string): string => `U.${userName.toLowerCase()}`;
export const locationOid = (instituteIdentifier: string): string => `L.${instituteIdentifier}`;

type MetaDataVersion = { oid: string; name: string; effectiveDate: string; metadata: OdmMetadata };

/** One MetaDataVersion per definition version in use, keyed `<definition id>@<version>`. */
async function loadMetaDataVersions({ db, scope }: ExportSourceContext): Promise<Map<string, MetaDataVersion>> {
  const versions = await definitionVersionsInScope(db, scope);
  const labelsOf = new Map<string, Map<string, string>>();
  const result = new Map<string, MetaDataVersion>();
  for (const version of versions) {
    if (!labelsOf.has(version.id)) {
      const german = (await findLanguages(db, { studyDefinitionId: version.id })).find((l) => l.identifier === 'de');
      labelsOf.set(version.id, new Map((german?.entries ?? []).map((e) => [e.displayKey, e.displayValue])));
    }
    const labels = labelsOf.get(version.id) ?? new Map<string, string>();
    const { model } = await findDefinitionModel(db, version.id, version.version);
    result.set(`${version.id}@${version.version}`, {
      oid: `MDV.${version.identifier}.${version.version}`,
      name: ODM_TEXTS.metaDataVersion(version.displayName, version.version),
      effectiveDate: version.createdAt.toISOString().slice(0, 10),
      metadata: buildOdmMetadata(model, (key) => labels.get(key) ?? key),
    });
  }
  return result;
}

function writeStudy(cb: XmlWriter, study: { oid: string; identifier: string; displayName: string }, versions: MetaDataVersion[]): void {
  cb.ele('Study', { OID: study.oid });
  cb.ele('GlobalVariables');
  cb.ele('StudyName').txt(study.displayName).up();
  cb.ele('StudyDescription').txt(study.displayName).up();
  cb.ele('ProtocolName').txt(study.identifier).up();
  cb.up();
  const units = new Map(versions.flatMap((v) => v.metadata.units.map((u) => [u.oid, u.symbol] as const)));
  if (units.size > 0) {
    cb.ele('BasicDefinitions');
    for (const [oid, symbol] of units) {
      cb.ele('MeasurementUnit', { OID: oid, Name: symbol });
      translated(cb, 'Symbol', symbol);
      cb.up();
    }
    cb.up();
  }
  for (const version of versions) writeMetaDataVersion(cb, version, version.metadata);
  cb.up();
}

/** Serialises into `out`, remembering when `out` asked the writer to wait (backpressure). */
function streamingBuilder(out: NodeJS.WritableStream) {
  let mustDrain = false;
  const cb = new XmlWriter((chunk) => {
    if (!out.write(chunk)) mustDrain = true;
  });
  return {
    cb,
    async flushed(): Promise<void> {
      if (!mustDrain) return;
      mustDrain = false;
      await once(out, 'drain');
    },
  };
}

/**
 * Writes the ODM document of the export's scope into `out` and resolves when all of it is written; `out` stays
 * open (the caller owns it). `progress(done, total)` follows the patients written.
 */
export async function writeOdmExport(
  context: ExportSourceContext,
  out: NodeJS.WritableStream,
  progress: (done: number, total: number) => void,
): Promise<void> {
  const { db, scope } = context;
  const [study] = await findStudies(db, { id: scope.studyId, includeDeleted: true });
  if (!study) throw notFound('study');
  const studyOid = `S.${study.identifier}`;
  const versions = await loadMetaDataVersions(context);
  const locations = await findStudyInstitutes(db, {
    studyId: scope.studyId,
    includeDeleted: true,
    ...(scope.locationIds ? { ids: [...scope.locationIds] } : {}),
  });
  const users = await usersInScope(db, scope);
  const meanings = await signatureMeaningsInScope(db, scope);
  const signatureOids = new Map(meanings.map((meaning, index) => [meaning, `SIG.${index + 1}`]));
  const total = await countPatientsInScope(db, scope);

  const { cb, flushed } = streamingBuilder(out);
  cb.dec({ version: '1.0', encoding: 'UTF-8' });
  cb.ele('ODM', {
    xmlns: ODM_NAMESPACE,
    FileType: 'Snapshot',
    Granularity: 'All',
    FileOID: `ODM.${study.identifier}.${scope.startedAt.toISOString()}`,
    CreationDateTime: scope.startedAt.toISOString(),
    ODMVersion: '1.3.2',
    SourceSystem: 'Register-eCRF',
  });
  writeStudy(cb, { oid: studyOid, identifier: study.identifier, displayName: study.displayName }, [...versions.values()]);

  cb.ele('AdminData', { StudyOID: studyOid });
  for (const user of users) {
    cb.ele('User', { OID: userOid(user.userName) });
    cb.ele('LoginName').txt(user.userName).up();
    if (user.displayName) cb.ele('DisplayName').txt(user.displayName).up();
    cb.up();
  }
  for (const location of locations) {
    cb.ele('Location', { OID: locationOid(location.identifier), Name: location.displayName, LocationType: 'Site' });
    for (const version of versions.values()) {
      cb.ele('MetaDataVersionRef', { StudyOID: studyOid, MetaDataVersionOID: version.oid, EffectiveDate: version.effectiveDate }).up();
    }
    cb.up();
  }
  for (const [meaning, oid] of signatureOids) {
    cb.ele('SignatureDef', { OID: oid, Methodology: 'Electronic' });
    cb.ele('Meaning').txt(meaning).up();
    cb.ele('LegalReason').txt(ODM_TEXTS.signatureLegalReason).up();
    cb.up();
  }
  cb.up();
  await flushed();

  const locationOids = new Map(locations.map((l) => [l.id, locationOid(l.identifier)]));
  const naming = {
    userOid,
    locationOf: (studyInstituteId: string) => locationOids.get(studyInstituteId) ?? `L.${studyInstituteId}`,
    signatureOids,
  };
  let openVersion: string | null = null;
  let done = 0;
  progress(done, total);
  for await (const batch of batches<OdmPatientRow>(streamPatientsInScope(db, scope, BATCH), BATCH)) {
    const subjects: OdmSubject[] = await loadSubjects(db, batch, naming);
    for (const [index, patient] of batch.entries()) {
      const key = `${patient.definitionId}@${patient.definitionVersion}`;
      const version = versions.get(key);
      const subject = subjects[index];
      if (!version || !subject) continue;
      if (key !== openVersion) {
        if (openVersion !== null) cb.up();
        cb.ele('ClinicalData', { StudyOID: studyOid, MetaDataVersionOID: version.oid });
        openVersion = key;
      }
      writeSubjectData(cb, version.metadata, subject);
      done += 1;
      progress(done, total);
      await flushed();
    }
  }
  if (openVersion !== null) cb.up();
  cb.up();
  cb.end();
  await flushed();
}
