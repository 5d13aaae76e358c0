/** Kysely types of the study definition tables (backend/migrations/0010_study_definitions.sql). */
import type { ColumnType, Generated } from 'kysely';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb, written as JSON text (as in db/schema.ts). */
type Json<T> = ColumnType<T, string, string>;

export type StudyDefinitionTable = {
  id: Generated<string>;
  study_id: string;
  identifier: string;
  display_name: string;
  current_version: number;
  is_deleted: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};

export type StudyDefinitionVersionTable = {
  study_definition_id: string;
  version: number;
  document: Json<unknown>;
  definition: Json<unknown>;
  checksum: string;
  created_at: DefaultTimestamp;
  created_by: string;
};

export type LanguageEntryRow = { scope: string; displayKey: string; displayValue: string };

export type LanguageTable = {
  id: Generated<string>;
  study_definition_id: string;
  identifier: string;
  entries: Json<LanguageEntryRow[]>;
  is_deleted: Generated<boolean>;
};

export type StudyDefinitionTables = {
  study_definition: StudyDefinitionTable;
  study_definition_version: StudyDefinitionVersionTable;
  language: LanguageTable;
};
