/**
 * Token data by type (mainzelliste-api.md §1 "Token data by type"), checked when the token is created;
 * every problem is a 400. Checks that need the database (editPatient's patient, readPatients' searchIds
 * below API 3.2) are made by the route.
 */
import type { Pseudonym } from '../db/json-columns.js';
import { badRequest, messages } from '../errors/errors.js';
import { DEFAULT_ID_TYPE, isFieldKey, isIdType, pickFields, type FieldKey, type Fields, type IdType } from '../patients/fields.js';
import { atLeast, type ApiVersion } from '../http/api-version.js';

export type TokenData =
  | { type: 'addPatient'; idTypes: IdType[]; fields: Fields; showPossibleMatches: boolean }
  | {
      type: 'readPatients';
      searchIds: Pseudonym[];
      resultFields: FieldKey[];
      resultIds: IdType[];
      readAllPatientIds: boolean;
      readAllPatientIdTypes: boolean;
    }
  /** fields null: every field may be edited (only below API 3.0). */
  | { type: 'editPatient'; patientId: Pseudonym; fields: FieldKey[] | null }
  | { type: 'deletePatient' }
  | { type: 'checkMatch'; idTypes: IdType[] };

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A data key spelled idtypes in any case becomes idTypes (mainzelliste-api.md §1 "TokenParam"). */
export function renameIdTypes(data: Raw): Raw {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key.toLowerCase() === 'idtypes' ? 'idTypes' : key, value]));
}

function idTypeList(value: unknown, what: string): IdType[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !isIdType(item))) {
    throw badRequest(`${what} must be a list of configured ID types.`);
  }
  return value as IdType[];
}

function fieldList(value: unknown, what: string): FieldKey[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !isFieldKey(item))) {
    throw badRequest(`${what} must be a list of configured fields.`);
  }
  return value as FieldKey[];
}

function pseudonym(value: unknown, what: string): Pseudonym {
  if (!isObject(value) || typeof value.idType !== 'string' || typeof value.idString !== 'string' || !isIdType(value.idType)) {
    throw badRequest(`${what} must be {idType, idString} with a configured ID type.`);
  }
  return { idType: value.idType, idString: value.idString };
}

const flag = (value: unknown): boolean => value === true || value === 'true';

function rejectUnsupported(data: Raw): void {
  // No external ID types are configured, and callbacks/redirects are not offered (docs: deviations).
  if (
    data.ids !== undefined &&
    !(isObject(data.ids) && Object.keys(data.ids).length === 0) &&
    !(Array.isArray(data.ids) && data.ids.length === 0)
  ) {
    throw badRequest('No external ID types are configured.');
  }
  if (data.callback !== undefined) throw badRequest('Callbacks are not supported by this service.');
  if (data.redirect !== undefined) throw badRequest('Redirects are not supported by this service.');
}

export function parseTokenData(type: string, data: Raw, version: ApiVersion): TokenData {
  rejectUnsupported(data);
  switch (type) {
    case 'addPatient': {
      const fields = data.fields ?? {};
      if (!isObject(fields) || Object.keys(fields).some((key) => !isFieldKey(key)))
        throw badRequest('fields must map configured fields to values.');
      return {
        type,
        idTypes: data.idTypes === undefined ? [DEFAULT_ID_TYPE] : idTypeList(data.idTypes, 'idTypes'),
        fields: pickFields(fields),
        showPossibleMatches: flag(data.showPossibleMatches),
      };
    }
    case 'readPatients': {
      if (!Array.isArray(data.searchIds) || data.searchIds.length === 0) throw badRequest('searchIds must be a non-empty list.');
      const searchIds = data.searchIds.map((item, i) => pseudonym(item, `searchIds[${i}]`));
      if (searchIds.some((id) => id.idString === '*') && searchIds.length > 1)
        throw badRequest("A search for '*' allows only one entry in searchIds.");
      return {
        type,
        searchIds,
        resultFields: data.resultFields === undefined ? [] : fieldList(data.resultFields, 'resultFields'),
        resultIds: data.resultIds === undefined ? [] : idTypeList(data.resultIds, 'resultIds'),
        readAllPatientIds: flag(data.readAllPatientIds),
        readAllPatientIdTypes: flag(data.readAllPatientIdTypes),
      };
    }
    case 'editPatient': {
      if (data.patientId === undefined) throw badRequest('patientId is required.');
      const fields = data.fields === undefined ? (atLeast(version, 3) ? [] : null) : fieldList(data.fields, 'fields');
      return { type, patientId: pseudonym(data.patientId, 'patientId'), fields };
    }
    case 'deletePatient':
      return { type };
    case 'checkMatch': {
      if (!Array.isArray(data.idTypes) || data.idTypes.length === 0) throw badRequest(messages.noIdTypes);
      return { type, idTypes: idTypeList(data.idTypes, 'idTypes') };
    }
    default:
      throw badRequest(`Unknown token type ${type}.`);
  }
}
