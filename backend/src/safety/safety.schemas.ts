/** TypeBox schemas of the safety calls (ecrf-calls.md §3 "Safety report configuration", §7 "Safety"). */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-MM-dd, a registry day (Europe/Berlin)' });

export const FromDateQuery = Type.Object({ fromDate: Day });
export const ScreeningReportQuery = Type.Object({
  fromDate: Day,
  studyId: Type.Optional(Type.String({ format: 'uuid', description: 'default: the registry’s only study' })),
});
export const StudyParams = Type.Object({ studyId: Uuid });

export const FreeTextEntrySchema = Type.Object({
  studyPatientId: Uuid,
  pseudonym: Type.String(),
  studyInstituteId: Uuid,
  instituteIdentifier: Type.String(),
  instituteName: Type.String(),
  visitId: nullable(Uuid),
  visitIdentifier: nullable(Type.String()),
  visitLabel: nullable(Type.String()),
  instrumentId: nullable(Uuid),
  instrumentIdentifier: nullable(Type.String()),
  instrumentLabel: nullable(Type.String()),
  dataFieldId: Type.String({ description: 'the field instance' }),
  fieldIdentifier: Type.String(),
  fieldLabel: Type.String({ description: 'German label of the study definition' }),
  text: Type.String(),
  changedAt: Type.String({ format: 'date-time' }),
  changedBy: nullable(Type.String({ description: 'user name' })),
});
export type FreeTextEntryDto = Static<typeof FreeTextEntrySchema>;

export const FreeTextReportSchema = Type.Object({
  studyId: Uuid,
  fromDate: Day,
  items: Type.Array(FreeTextEntrySchema, { description: 'oldest change first' }),
});

const FieldList = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 200 });

export const ScreeningConfigurationInputSchema = Type.Object({
  studyPatientFieldsConfiguration: FieldList,
  visitFieldsConfiguration: FieldList,
  instrumentFieldsConfiguration: FieldList,
  version: Type.Integer({ minimum: 0, description: 'the version read; 0 when the study has no configuration yet' }),
});
export type ScreeningConfigurationInput = Static<typeof ScreeningConfigurationInputSchema>;

export const ScreeningConfigurationSchema = Type.Object({
  studyId: Uuid,
  studyPatientFieldsConfiguration: Type.Array(Type.String(), { description: 'patient field identifiers' }),
  visitFieldsConfiguration: Type.Array(Type.String(), { description: '<visit>.<field>' }),
  instrumentFieldsConfiguration: Type.Array(Type.String(), { description: '<instrument>.<field>' }),
  version: Type.Integer({ minimum: 0, description: '0: never configured' }),
  changedAt: nullable(Type.String({ format: 'date-time' })),
  changedBy: nullable(Type.String()),
});
export type ScreeningConfigurationDto = Static<typeof ScreeningConfigurationSchema>;

export const ScreeningReportSchema = Type.Object({
  studyId: Uuid,
  fromDate: Day,
  columns: Type.Array(
    Type.Object({
      name: Type.String({ description: 'the configured field (sex, baseline.baseline_date, diagnosis.icd10)' }),
      label: Type.String({ description: 'German: form and field label' }),
    }),
  ),
  items: Type.Array(
    Type.Object({
      studyPatientId: Uuid,
      pseudonym: Type.String(),
      studyInstituteId: Uuid,
      instituteIdentifier: Type.String(),
      instituteName: Type.String(),
      registrationDate: Day,
      values: Type.Array(nullable(Type.String()), { description: 'one per column; null when not documented' }),
    }),
  ),
});
export type ScreeningReportDto = Static<typeof ScreeningReportSchema>;
