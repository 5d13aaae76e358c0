/**
 * Token data by type (mainzelliste-api.md §1 "Token data by type"; Mainzelliste's Token, AddPatientToken,
 * EditPatientToken), checked when the token is created; every problem is a 400 with Mainzelliste's text.
 * Checks that need the database (editPatient's patient, readPatients' searchIds below API 3.2) are made by
 * the route. `callback` and `redirect` need the server's permission of that name and an allowed host
 * (callbacks/targets.ts).
 */
import type { Pseudonym } from '../db/json-columns.js';
import { badRequest, MainzellisteError, messages, unauthorized } from '../errors/errors.js';
import { checkCallback, checkRedirect } from '../callbacks/targets.js';
import { DEFAULT_ID_TYPE, isFieldKey, pickFields, type FieldKey, type Fields } from '../patients/fields.js';
import { atLeast, type ApiVersion } from '../http/api-version.js';

/** What every token may carry: where to report the result and where to send the browser. */
export type Delivery = { callback: string | null; redirect: string | null };

export type TokenData = Delivery &
  (
    | { type: 'addPatient'; idTypes: string[]; fields: Fields; ids: Record<string, string>; showPossibleMatches: boolean }
    | {
        type: 'readPatients';
        searchIds: Pseudonym[];
        resultFields: FieldKey[];
        resultIds: string[];
        readAllPatientIds: boolean;
        readAllPatientIdTypes: boolean;
      }
    /** fields null: every field may be edited (only below API 3.0); ids: the external id types it may set. */
    | { type: 'editPatient'; patientId: Pseudonym; fields: FieldKey[] | null; ids: string[] }
    | { type: 'deletePatient' }
    | { type: 'checkMatch'; idTypes: string[] }
  );

/** What token data is checked against: the configured id types and the calling server's delivery rights. */
export type TokenContext = {
  version: ApiVersion;
  idTypes: readonly string[];
  externalIdTypes: readonly string[];
  callbackOrigins: readonly string[];
  may: (permission: 'callback' | 'redirect') => boolean;
};

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A data key spelled idtypes in any case becomes idTypes (mainzelliste-api.md §1 "TokenParam"). */
export function renameIdTypes(data: Raw): Raw {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key.toLowerCase() === 'idtypes' ? 'idTypes' : key, value]));
}

/** Numbers stand for their text, as Mainzelliste's JSON reader gives them (an intid may come unquoted). */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

function idTypeList(value: unknown, what: string, known: readonly string[]): string[] {
  if (!Array.isArray(value) || value.some((item) => text(item) === null)) {
    throw badRequest(`Illegal format for data item '${what}': Must be array of Strings.`);
  }
  const types = value.map((item) => text(item) ?? '');
  const unknown = types.find((type) => !known.includes(type));
  if (unknown !== undefined) throw badRequest(`'${unknown}' is not a known ID type!`);
  return types;
}

function fieldList(value: unknown, what: string): FieldKey[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw badRequest(`Illegal format for data item '${what}'! Please provide a list of field names.`);
  }
  const unknown = (value as string[]).find((item) => !isFieldKey(item));
  if (unknown !== undefined) throw badRequest(`Field '${unknown}' provided in field list is unknown!`);
  return value as FieldKey[];
}

function pseudonym(value: unknown, known: readonly string[]): Pseudonym {
  const idType = isObject(value) ? text(value.idType) : null;
  const idString = isObject(value) ? text(value.idString) : null;
  if (idType === null || idString === null) {
    throw badRequest(`Every item in 'searchIds' must be an object with fields 'idType' and 'idString'. Found: ${JSON.stringify(value)}`);
  }
  if (!known.includes(idType)) throw badRequest(`No ID type ${idType} defined!`);
  return { idType, idString };
}

const flag = (value: unknown): boolean => value === true || value === 'true';

function delivery(data: Raw, context: TokenContext, redirectVariables: readonly string[]): Delivery {
  const callback = text(data.callback) || null;
  const redirect = text(data.redirect) || null;
  if (callback !== null) {
    if (!context.may('callback')) throw unauthorized(messages.permissionDenied);
    checkCallback(callback, context.callbackOrigins);
  }
  if (redirect !== null) {
    if (!context.may('redirect')) throw unauthorized(messages.permissionDenied);
    checkRedirect(redirect, redirectVariables, context.callbackOrigins);
  }
  return { callback, redirect };
}

function externalIds(value: unknown, externalIdTypes: readonly string[]): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) throw badRequest("Illegal format for data item 'ids'! Please provide external ids as key-value pairs.");
  const ids: Record<string, string> = {};
  for (const [idType, idString] of Object.entries(value)) {
    if (!externalIdTypes.includes(idType)) throw badRequest(`Unknown id type '${idType}'.`);
    ids[idType] = text(idString) ?? '';
  }
  return ids;
}

export function parseTokenData(type: string, data: Raw, context: TokenContext): TokenData {
  const withToken = ['tokenId', ...context.idTypes];
  switch (type) {
    case 'addPatient': {
      const fields = data.fields ?? {};
      if (!isObject(fields)) throw badRequest("Illegal format for data item 'fields'! Please provide a list of fields as key-value pairs.");
      const unknown = Object.keys(fields).find((key) => !isFieldKey(key));
      if (unknown !== undefined) throw badRequest(`Field ${unknown} provided in field list is unknown!`);
      return {
        type,
        idTypes: data.idTypes === undefined ? [DEFAULT_ID_TYPE] : idTypeList(data.idTypes, 'idtypes', context.idTypes),
        fields: pickFields(fields),
        ids: externalIds(data.ids, context.externalIdTypes),
        showPossibleMatches: flag(data.showPossibleMatches),
        ...delivery(data, context, withToken),
      };
    }
    case 'readPatients': {
      if (data.searchIds === undefined) throw badRequest("Please provide an array of IDs as field 'searchIds' in token data!");
      if (!Array.isArray(data.searchIds)) throw badRequest("Field 'searchIds' has wrong format. Expected array of IDs.");
      const searchIds = data.searchIds.map((item) => pseudonym(item, context.idTypes));
      if (searchIds.length === 0) throw badRequest("Please provide an array of IDs as field 'searchIds' in token data!");
      if (searchIds.some((id) => id.idString.trim() === '*') && searchIds.length > 1) {
        throw new MainzellisteError(
          'ML_ERR_UNAVAILABLE',
          "Functionality not implemented yet: It's only possible to request one IdType as wildcard select.",
        );
      }
      return {
        type,
        searchIds,
        resultFields: data.resultFields === undefined ? [] : fieldList(data.resultFields, 'resultFields'),
        resultIds: data.resultIds === undefined ? [] : idTypeList(data.resultIds, 'resultIds', context.idTypes),
        readAllPatientIds: flag(data.readAllPatientIds),
        readAllPatientIdTypes: flag(data.readAllPatientIdTypes),
        ...delivery(data, context, withToken),
      };
    }
    case 'editPatient': {
      if (!isObject(data.patientId)) throw badRequest("Please provide a valid patient id as data item 'patientId'!");
      const patientId = pseudonym(data.patientId, context.idTypes);
      const ids = data.ids === undefined ? [] : idTypeList(data.ids, 'ids', context.externalIdTypes);
      // Below API 3.0 a token without fields may edit every field (Mainzelliste's checkEditPatient).
      const fields = data.fields === undefined ? (atLeast(context.version, 3) ? [] : null) : fieldList(data.fields, 'fields');
      if (data.fields === undefined && data.ids === undefined && fields !== null) {
        throw badRequest('Token must contain at least one field or id to edit');
      }
      return { type, patientId, fields, ids, ...delivery(data, context, ['tokenId']) };
    }
    case 'deletePatient':
      return { type, ...delivery(data, context, ['tokenId']) };
    case 'checkMatch': {
      if (!Array.isArray(data.idTypes) || data.idTypes.length === 0) throw badRequest(messages.noIdTypes);
      return {
        type,
        idTypes: idTypeList(data.idTypes, 'idtypes', context.idTypes),
        ...delivery(data, context, ['tokenId', 'similarityScores']),
      };
    }
    default:
      throw badRequest(`Token type ${type} unknown!`);
  }
}
