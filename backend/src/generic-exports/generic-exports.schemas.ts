/** TypeBox schemas of the generic export calls (ecrf-calls.md §7 "Exports": Generic export). */
import { EXPORT_DEFINITION_DESCRIPTION_MAX, EXPORT_DEFINITION_NAME_MAX } from '@ecrf/rules';
import { Type } from 'typebox';

const OutputFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { description: 'csv: one CSV file; xlsx: one workbook' });

const definitionFields = {
  name: Type.String({ maxLength: EXPORT_DEFINITION_NAME_MAX + 100, description: 'shown name; 1-200 characters after trimming' }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: EXPORT_DEFINITION_DESCRIPTION_MAX + 100 }), Type.Null()])),
  items: Type.Array(Type.String({ maxLength: 500 }), {
    maxItems: 2000,
    description: 'keys of the data provider items in column order (GET …/dataProviderItems)',
  }),
  outputFormat: OutputFormat,
  cron: Type.Optional(
    Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
      description: "five-field cron expression in Europe/Berlin time; empty or null: no schedule ('Cron Syntax', ecrf-calls.md §5)",
    }),
  ),
};

export const GenericExportCreateSchema = Type.Object(definitionFields, { additionalProperties: false });
export const GenericExportUpdateSchema = Type.Object(
  { ...definitionFields, version: Type.Integer({ minimum: 1, description: 'the version read; an older one is refused (409)' }) },
  { additionalProperties: false },
);

export const GenericExportSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    studyId: Type.String({ format: 'uuid' }),
    name: Type.String(),
    description: Type.String(),
    items: Type.Array(Type.String()),
    outputFormat: OutputFormat,
    cron: Type.Union([Type.String(), Type.Null()]),
    version: Type.Integer(),
    isDeleted: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
    createdBy: Type.String({ description: 'user name' }),
    changedAt: Type.String({ format: 'date-time' }),
    changedBy: Type.String({ description: 'user name; scheduled runs run for this user' }),
  },
  { title: 'GenericExport' },
);

export const DataProviderItemSchema = Type.Object(
  {
    key: Type.String({ description: 'stable key, e.g. pseudonym, patient/field:sex, visit:baseline/instrument:staging/field:tnm.t' }),
    group: Type.String({ description: 'German group label (Patient, Visite, Visite Baseline, Baseline: Staging, …)' }),
    label: Type.String({ description: 'German label' }),
    type: Type.Union([
      Type.Literal('string'),
      Type.Literal('number'),
      Type.Literal('boolean'),
      Type.Literal('date'),
      Type.Literal('datetime'),
    ]),
  },
  { title: 'DataProviderItem' },
);
