/** TypeBox schemas of the OncoBox import calls (ecrf-calls.md §7 "Onkozert"). */
import { Type, type Static } from 'typebox';
import { Uuid } from '../http/schemas.js';

export const RowProblemSchema = Type.Object({
  row: Type.Integer({ minimum: 1, description: 'row number in the file; the header is row 1' }),
  column: Type.Union([Type.String(), Type.Null()], { description: "the column's header text; null: the row as a whole" }),
  message: Type.String({ description: 'German' }),
});

export const OnkozertImportSchema = Type.Object({
  id: Uuid,
  studyInstituteId: Uuid,
  instituteIdentifier: Type.String(),
  instituteName: Type.String(),
  importedAt: Type.String({ format: 'date-time' }),
  importedBy: Type.String({ description: 'user name' }),
  fileName: Type.String(),
  sizeBytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ description: 'hex digest of the file as uploaded' }),
  accepted: Type.Integer({ minimum: 0, description: 'rows stored as key figures' }),
  rejectedRows: Type.Integer({ minimum: 0, description: 'rows refused' }),
  rejected: Type.Array(RowProblemSchema, { description: 'every problem of the refused rows' }),
  years: Type.Array(Type.Integer(), { description: 'certification years of the stored key figures' }),
});
export type OnkozertImportDto = Static<typeof OnkozertImportSchema>;

export const ImportQuery = Type.Object({ studyInstituteId: Uuid });
export const ImportsQuery = Type.Object({ studyInstituteId: Type.Optional(Uuid) });
export const DownloadQuery = Type.Object({ id: Uuid });

export const ImportLocationSchema = Type.Object({
  id: Uuid,
  identifier: Type.String({ description: 'the institute identifier (4 digits)' }),
  displayName: Type.String(),
});
