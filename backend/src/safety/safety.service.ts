/**
 * The safety review (ecrf-calls.md §7 "Safety"): the free-text report (every text documented or changed since a
 * day), the screening report (patients registered since a day with the configured fields) and the screening
 * configuration per study. Reports hold only patients the caller may see (their locations, every location with
 * StudyPatientGetAllCmd, patients with a visit assigned to them), as the patient table does.
 */
import {
  freeTextEntries,
  registryDayStart,
  resolveScreeningConfiguration,
  fieldValueText,
  type DefinitionIndex,
  type ScreeningConfiguration,
} from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit } from '../audit/audit.service.js';
import { EcrfError, invalidFields, notFound, staleWrite } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { displayTextsOf } from '../languages/languages.service.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { visibleStudyPatientIds } from '../patient-documentation/patient-workspace.js';
import type { FreeTextEntryDto, ScreeningConfigurationDto, ScreeningConfigurationInput, ScreeningReportDto } from './safety.schemas.js';
import {
  findScreeningConfiguration,
  formsOf,
  insertScreeningConfiguration,
  instrumentsChangedSince,
  patientsChangedSince,
  patientsRegisteredSince,
  updateScreeningConfiguration,
  visitsChangedSince,
  type ReportPatient,
  type ScreeningConfigurationRow,
} from './safety.sql.js';
import { SAFETY_MESSAGES } from '../errors/messages.js';

/** The German labels of a study definition by display key (the key itself when a label is missing). */
async function labelsOf(db: Kysely<DB>, definitionId: string): Promise<(key: string) => string> {
  const values = await displayTextsOf(db, definitionId);
  return (key) => values.get(key) ?? key;
}

async function visibleOnly<T extends { studyPatientId: string; studyInstituteId: string }>(
  db: Kysely<DB>,
  caller: CurrentUser,
  rows: readonly T[],
): Promise<T[]> {
  const patients = [
    ...new Map(rows.map((r) => [r.studyPatientId, { id: r.studyPatientId, studyInstituteId: r.studyInstituteId }])).values(),
  ];
  const visible = await visibleStudyPatientIds(db, { rights: caller.rights, locationIds: await callerLocationIds(db, caller) }, patients);
  return rows.filter((r) => visible.has(r.studyPatientId));
}

async function studyExists(db: Kysely<DB>, studyId: string): Promise<void> {
  const study = await db.selectFrom('study').select('id').where('id', '=', studyId).where('is_deleted', '=', false).executeTakeFirst();
  if (!study) throw notFound('study');
}

type Place = {
  visitId: string | null;
  visitDefinitionId: string | null;
  instrumentId: string | null;
  instrumentDefinitionId: string | null;
};

export async function freeTextReport(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyId: string,
  fromDate: string,
): Promise<{ studyId: string; fromDate: string; items: FreeTextEntryDto[] }> {
  await studyExists(db, studyId);
  const sinceIso = registryDayStart(fromDate);
  const since = new Date(sinceIso);
  const none = { visitId: null, visitDefinitionId: null, instrumentId: null, instrumentDefinitionId: null };
  const forms: (ReportPatient & Place & { fields: Parameters<typeof freeTextEntries>[0] })[] = [
    ...(await patientsChangedSince(db, studyId, since)).map((row) => ({ ...row, ...none })),
    ...(await visitsChangedSince(db, studyId, since)).map((row) => ({ ...row, instrumentId: null, instrumentDefinitionId: null })),
    ...(await instrumentsChangedSince(db, studyId, since)),
  ];
  const items: FreeTextEntryDto[] = [];
  const labels = new Map<string, (key: string) => string>();
  for (const form of await visibleOnly(db, caller, forms)) {
    const index: DefinitionIndex = await definitionIndex(db, form.definitionId, form.definitionVersion);
    const label = labels.get(form.definitionId) ?? (await labelsOf(db, form.definitionId));
    labels.set(form.definitionId, label);
    const visit = form.visitDefinitionId ? index.visitById.get(form.visitDefinitionId) : undefined;
    const instrument = form.instrumentDefinitionId ? index.instrumentById.get(form.instrumentDefinitionId) : undefined;
    for (const entry of freeTextEntries(form.fields, index.fieldById, sinceIso)) {
      items.push({
        studyPatientId: form.studyPatientId,
        pseudonym: form.pseudonym,
        studyInstituteId: form.studyInstituteId,
        instituteIdentifier: form.instituteIdentifier,
        instituteName: form.instituteName,
        visitId: form.visitId,
        visitIdentifier: visit?.identifier ?? null,
        visitLabel: visit ? label(visit.displayKey) : null,
        instrumentId: form.instrumentId,
        instrumentIdentifier: instrument?.identifier ?? null,
        instrumentLabel: instrument ? label(instrument.displayKey) : null,
        dataFieldId: entry.instance.id,
        fieldIdentifier: entry.definition.identifier,
        fieldLabel: label(entry.definition.displayKey),
        text: entry.text,
        changedAt: entry.changedAt,
        changedBy: entry.changedBy,
      });
    }
  }
  items.sort((a, b) => a.changedAt.localeCompare(b.changedAt) || a.pseudonym.localeCompare(b.pseudonym));
  return { studyId, fromDate, items };
}

const EMPTY: { [K in keyof ScreeningConfiguration]: string[] } = {
  studyPatientFieldsConfiguration: [],
  visitFieldsConfiguration: [],
  instrumentFieldsConfiguration: [],
};

function configurationDto(studyId: string, row: ScreeningConfigurationRow | undefined): ScreeningConfigurationDto {
  if (!row) return { studyId, ...EMPTY, version: 0, changedAt: null, changedBy: null };
  return {
    studyId,
    studyPatientFieldsConfiguration: row.study_patient_fields,
    visitFieldsConfiguration: row.visit_fields,
    instrumentFieldsConfiguration: row.instrument_fields,
    version: row.version,
    changedAt: row.changed_at.toISOString(),
    changedBy: row.changed_by,
  };
}

export async function getScreeningConfiguration(db: Kysely<DB>, studyId: string): Promise<ScreeningConfigurationDto> {
  await studyExists(db, studyId);
  return configurationDto(studyId, await findScreeningConfiguration(db, studyId));
}

async function currentDefinition(db: Kysely<DB>, studyId: string): Promise<{ id: string; index: DefinitionIndex }> {
  const definition = await currentDefinitionOf(db, studyId);
  if (!definition) throw notFound('study definition of the study');
  return { id: definition.id, index: await definitionIndex(db, definition.id, definition.version) };
}

/** Saves the three lists after checking each name against the study's current definition (400 with German field errors). */
export async function putScreeningConfiguration(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyId: string,
  input: ScreeningConfigurationInput,
  now: Date,
): Promise<ScreeningConfigurationDto> {
  await studyExists(db, studyId);
  const lists: ScreeningConfiguration = {
    studyPatientFieldsConfiguration: input.studyPatientFieldsConfiguration.map((n) => n.trim()),
    visitFieldsConfiguration: input.visitFieldsConfiguration.map((n) => n.trim()),
    instrumentFieldsConfiguration: input.instrumentFieldsConfiguration.map((n) => n.trim()),
  };
  const { problems } = resolveScreeningConfiguration((await currentDefinition(db, studyId)).index.study, lists);
  if (problems.length > 0) throw invalidFields(problems.map((p) => ({ field: p.path, message: p.message })));
  const columns = {
    study_patient_fields: JSON.stringify(lists.studyPatientFieldsConfiguration),
    visit_fields: JSON.stringify(lists.visitFieldsConfiguration),
    instrument_fields: JSON.stringify(lists.instrumentFieldsConfiguration),
  };
  return db.transaction().execute(async (trx) => {
    const before = await findScreeningConfiguration(trx, studyId);
    const saved =
      input.version === 0
        ? await insertScreeningConfiguration(trx, studyId, columns, caller.userName, now)
        : await updateScreeningConfiguration(trx, studyId, input.version, columns, caller.userName, now);
    if (!saved) throw staleWrite(configurationDto(studyId, await findScreeningConfiguration(trx, studyId)));
    const oldValue = before ? { ...configurationDto(studyId, before) } : null;
    const newValue = { ...configurationDto(studyId, saved) };
    await audit(trx, {
      actor: { userId: caller.id, userName: caller.userName },
      tableName: 'safety_screening_configuration',
      recordId: studyId,
      operation: before ? 'Update' : 'Create',
      oldValue,
      newValue,
    });
    return newValue;
  });
}

/** The registry's only live study, for the screening report without studyId. */
async function onlyStudy(db: Kysely<DB>): Promise<string> {
  const studies = await db.selectFrom('study').select('id').where('is_deleted', '=', false).limit(2).execute();
  if (studies.length !== 1 || !studies[0]) throw new EcrfError('ECRF_ERR_VALIDATION', SAFETY_MESSAGES.studyNeeded);
  return studies[0].id;
}

export async function screeningReport(
  db: Kysely<DB>,
  caller: CurrentUser,
  fromDate: string,
  requestedStudyId: string | undefined,
): Promise<ScreeningReportDto> {
  const studyId = requestedStudyId ?? (await onlyStudy(db));
  await studyExists(db, studyId);
  const configuration = configurationDto(studyId, await findScreeningConfiguration(db, studyId));
  const { id: definitionId, index: current } = await currentDefinition(db, studyId);
  const label = await labelsOf(db, definitionId);
  const { fields } = resolveScreeningConfiguration(current.study, configuration);
  const formLabel = (list: string, identifier: string | null) => {
    if (identifier === null) return 'Patient';
    const form =
      list === 'visitFieldsConfiguration' ? current.visitByIdentifier.get(identifier) : current.instrumentByIdentifier.get(identifier);
    return form ? label(form.displayKey) : identifier;
  };
  const columns = fields.map((f) => ({ name: f.name, label: `${formLabel(f.list, f.formIdentifier)}: ${label(f.definition.displayKey)}` }));

  const patients = await visibleOnly(db, caller, await patientsRegisteredSince(db, studyId, fromDate));
  const { visits, instruments } = await formsOf(
    db,
    patients.map((p) => p.studyPatientId),
  );
  const items = [];
  for (const patient of patients) {
    // Fields are looked up by identifier in the patient's own definition version, which may differ from the current one.
    const index = await definitionIndex(db, patient.definitionId, patient.definitionVersion);
    const own = resolveScreeningConfiguration(index.study, configuration).fields;
    const values = fields.map((column) => {
      const field = own.find((f) => f.list === column.list && f.name === column.name);
      if (!field) return null;
      // Enumerations show their labels, as the forms do; other values as stored.
      const set = field.definition.definition?.enumValueSetIdentifier;
      const codes = set ? index.study.enumValueSets.find((s) => s.identifier === set)?.values : undefined;
      const display = (value: string) => {
        const code = codes?.find((c) => c.code === value);
        return code ? label(code.displayKey) : value;
      };
      if (column.list === 'studyPatientFieldsConfiguration') return fieldValueText(patient.fields, field.definition.id, display);
      const forms =
        column.list === 'visitFieldsConfiguration'
          ? visits.filter(
              (v) =>
                v.study_patient_id === patient.studyPatientId && index.visitById.get(v.definition_id)?.identifier === column.formIdentifier,
            )
          : instruments.filter(
              (i) =>
                i.study_patient_id === patient.studyPatientId &&
                index.instrumentById.get(i.definition_id)?.identifier === column.formIdentifier,
            );
      for (const form of forms) {
        const value = fieldValueText(form.fields, field.definition.id, display);
        if (value !== null) return value;
      }
      return null;
    });
    items.push({
      studyPatientId: patient.studyPatientId,
      pseudonym: patient.pseudonym,
      studyInstituteId: patient.studyInstituteId,
      instituteIdentifier: patient.instituteIdentifier,
      instituteName: patient.instituteName,
      registrationDate: patient.registrationDate,
      values,
    });
  }
  return { studyId, fromDate, columns, items };
}
