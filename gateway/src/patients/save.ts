/**
 * What every change of the patient documentation shares (schema.graphql "Patient documentation"): the
 * backend's refusals the user can act on become typed user errors (a stale version, 409
 * ECRF_ERR_STALE_WRITE, is STALE_WRITE with the backend's German message; locked and not editable fields
 * name the field instance in `field`), fields travel in the backend's save shape, and after a change the
 * payload reads the patient as now stored, as far as the client selects it.
 */
import type { DataFieldInput, UserErrorCode } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import { attemptWithIds, backendId } from '../graph/user-errors.js';
import { fromGlobalId, toGlobalId } from '../graph/global-id.js';
import type { GatewayContext } from '../context.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { givenReason, type FieldInstanceInput } from '@ecrf/rules';
import type { ChangePayload, Changed } from './payloads.js';
import { parseVersionPath } from '../study-definitions/definition-models.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

const codes: Record<string, UserErrorCode> = {
  ECRF_ERR_STALE_WRITE: 'STALE_WRITE',
  ECRF_ERR_FIELD_NOT_EDITABLE: 'FIELD_NOT_EDITABLE',
  ECRF_ERR_FIELD_LOCKED: 'FIELD_LOCKED',
  ECRF_ERR_REASON_REQUIRED: 'REASON_REQUIRED',
  ECRF_ERR_VISIT_NOT_AVAILABLE: 'VISIT_NOT_AVAILABLE',
  ECRF_ERR_VISIT_NOT_EDITABLE: 'VISIT_NOT_EDITABLE',
  ECRF_ERR_ELEARNING_REQUIRED: 'ELEARNING_REQUIRED',
};

/** What a save concerns: the patient and the fields sent, so a refused field is named by global id and input path. */
export type SaveScope = { studyPatientId?: string | undefined; fields?: readonly DataFieldInput[] | null | undefined };

/** The input path of the sent field with this backend id (`fields[3].childFields[1]`), if it was sent. */
function pathOfField(fields: readonly DataFieldInput[] | null | undefined, fieldId: string, path = 'fields'): string | null {
  for (const [index, field] of (fields ?? []).entries()) {
    const here = `${path}[${index}]`;
    if (field.id && fromGlobalId(field.id)?.id.endsWith(`/${fieldId}`)) return here;
    const below = pathOfField(field.childFields, fieldId, `${here}.childFields`);
    if (below) return below;
  }
  return null;
}

const dataFieldId = (scope: SaveScope, fieldId: string | null) =>
  fieldId && scope.studyPatientId ? toGlobalId('DataField', `${scope.studyPatientId}/${fieldId}`) : null;

/** A value its field's definition refuses (an impossible date, a number out of bounds …), named at its input field. */
function refusedValues(error: UpstreamError, scope: SaveScope): UserErrorModel[] | null {
  if (error.code !== 'ECRF_ERR_VALIDATION' || !Array.isArray(error.body.fieldErrors)) return null;
  const refused = (error.body.fieldErrors as unknown[]).flatMap((item) => {
    const { field, message, fieldId, path } = (item ?? {}) as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string') return [];
    const id = typeof fieldId === 'string' ? fieldId : null;
    return [
      {
        code: 'INVALID_VALUE' as const,
        message,
        field: (id && pathOfField(scope.fields, id)) ?? field,
        fieldId: dataFieldId(scope, id),
        formPath: typeof path === 'string' ? path : null,
      },
    ];
  });
  return refused.length > 0 ? refused : null;
}

/** The user errors of a documentation refusal, or null for anything else. */
function documentationErrors(error: unknown, scope: SaveScope): UserErrorModel[] | null {
  if (!(error instanceof UpstreamError) || !error.code) return null;
  const values = refusedValues(error, scope);
  if (values) return values;
  const code = codes[error.code];
  if (!code) return null;
  const fieldId = typeof error.body.fieldId === 'string' ? error.body.fieldId : null;
  if (!fieldId) return [{ code, message: error.message }];
  return [
    {
      code,
      message: error.message,
      field: pathOfField(scope.fields, fieldId),
      fieldId: dataFieldId(scope, fieldId),
    },
  ];
}

/** `attemptWithIds` that knows the documentation's refusals too; `scope` is read only when a save is refused. */
export function attemptSave<T>(
  context: GatewayContext,
  scope: () => SaveScope,
  run: () => Promise<T>,
  failed: (errors: UserErrorModel[]) => T,
): Promise<T> {
  return attemptWithIds(
    context,
    async () => {
      try {
        return await run();
      } catch (error) {
        const errors = documentationErrors(error, scope());
        if (!errors) throw error;
        return failed(errors);
      }
    },
    failed,
  );
}

/** A part id `<studyPatientId>/<id>` of a global id of the patient documentation. */
export function partId(
  globalId: string,
  type: 'Visit' | 'Instrument' | 'DataField' | 'CaseProcessStep',
  field: string,
): { studyPatientId: string; id: string } {
  const [studyPatientId = '', id = ''] = backendId(globalId, type, field).split('/');
  return { studyPatientId, id };
}

/** The model key of a visit or instrument definition named by global id (`<definitionId>/<version>/<key>`). */
export function definitionKeyOf(globalId: string, type: 'VisitDefinition' | 'InstrumentDefinition', field: string): string {
  return parseVersionPath(backendId(globalId, type, field))?.key ?? '';
}

/** The fields of a save input in the backend's shape; `path` names them in errors about malformed ids. */
export function fieldInputs(fields: readonly DataFieldInput[], path = 'fields'): FieldInstanceInput[] {
  return fields.map((field, index) => fieldInput(field, `${path}[${index}]`));
}

function fieldInput(input: DataFieldInput, path: string): FieldInstanceInput {
  return {
    ...(input.id ? { id: partId(input.id, 'DataField', `${path}.id`).id } : {}),
    definitionId: input.definitionKey,
    ...(input.values
      ? {
          values: input.values.map((v) => ({
            value: v.value ?? null,
            unit: v.unit ?? null,
            organization: v.organizationId ? { id: backendId(v.organizationId, 'Organization', `${path}.values.organizationId`) } : null,
            person: v.personId ? { id: backendId(v.personId, 'Person', `${path}.values.personId`) } : null,
          })),
        }
      : {}),
    ...(input.tags ? { tags: input.tags } : {}),
    ...(typeof input.order === 'number' ? { order: input.order } : {}),
    ...(typeof input.isDeleted === 'boolean' ? { isDeleted: input.isDeleted } : {}),
    ...(input.childFields ? { childFields: fieldInputs(input.childFields, `${path}.childFields`) } : {}),
  };
}

/**
 * The payload of a change: what it changed, for the payload's fields to read as now stored (payloads.ts).
 * Nothing is loaded here: the client's selection decides what the gateway reads back.
 */
export function changed(context: GatewayContext, record: Changed): ChangePayload {
  context.loaders.patientContexts.clear(record.studyPatientId);
  return { changed: record, errors: [] };
}

/**
 * The payload of a refusal: on a stale write the changed record as now stored, so the web shows the newer
 * state from the same response; nothing otherwise.
 */
export function refused(context: GatewayContext, record: Changed | undefined, errors: UserErrorModel[]): ChangePayload {
  if (!record || !errors.some((e) => e.code === 'STALE_WRITE')) return { changed: null, errors };
  context.loaders.patientContexts.clear(record.studyPatientId);
  return { changed: record, errors };
}

/** A deletion's reason of change (ecrf-calls.md §7): the user error when it is blank, else null. */
export function missingReason(reasonForChange: string): UserErrorModel[] | null {
  return givenReason(reasonForChange) !== null
    ? null
    : [{ code: 'REASON_REQUIRED', message: GATEWAY_MESSAGES.reasonRequired, field: 'reasonForChange' }];
}
