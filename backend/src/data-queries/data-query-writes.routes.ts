/**
 * Raising queries on a patient, visit, instrument, location or field, and the actions on a query
 * (ecrf-calls.md §7 "Queries"). Each route needs the action's right; the query type's role lists, the
 * location, the status and the follow-up restriction are decided by @ecrf/rules (data-queries.service.ts).
 */
import { DATA_QUERY_ACTION_RIGHTS } from '@ecrf/rules';
import { Type, type TSchema } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import {
  DataQueryActionSchema,
  DataQueryCreateSchema,
  DataQueryEditSchema,
  DataQueryRef,
  type DataQueryCreate,
} from './data-queries.schemas.js';
import { actOnDataQuery, createDataQuery, type ActionBody, type ChangeAction } from './data-queries.service.js';
import type { TargetRef } from './data-query-targets.js';

const tags = ['Query'];

type TargetKind = TargetRef['kind'];

const CREATE_ROUTES: { kind: TargetKind; path: string; param: string; operationId: string }[] = [
  { kind: 'Patient', path: 'patient', param: 'studyPatientId', operationId: 'createQueryForPatient' },
  { kind: 'Visit', path: 'visit', param: 'visitId', operationId: 'createQueryForVisit' },
  { kind: 'Instrument', path: 'instrument', param: 'instrumentId', operationId: 'createQueryForInstrument' },
  { kind: 'StudyInstitute', path: 'institute', param: 'studyInstituteId', operationId: 'createQueryForInstitute' },
  { kind: 'DataField', path: 'field', param: 'dataFieldId', operationId: 'createQueryForField' },
];

function targetRef(kind: TargetKind, id: string, body: DataQueryCreate): TargetRef {
  if (kind === 'StudyInstitute') return { kind, id, studyId: body.studyId };
  if (kind === 'DataField') return { kind, id, studyPatientId: body.studyPatientId };
  return { kind, id };
}

const ACTION_ROUTES: { action: Exclude<ChangeAction, 'edit'>; operationId: string; summary: string }[] = [
  { action: 'answer', operationId: 'answerQuery', summary: 'Answers a query (text required)' },
  { action: 'revoke', operationId: 'revokeQuery', summary: 'Revokes a query: no longer relevant' },
  { action: 'accept', operationId: 'acceptQuery', summary: 'Accepts the answer and closes the query' },
  { action: 'solve', operationId: 'solveQuery', summary: 'Closes the query as solved' },
  { action: 'defer', operationId: 'deferQuery', summary: 'Defers the query out of the answering roles’ sight' },
];

export function registerDataQueryWriteRoutes(app: App, { db, config }: AppDeps): void {
  const deps = () => ({ db, now: config.clock() });

  for (const route of CREATE_ROUTES) {
    app.post(
      `/Query/${route.path}/:${route.param}`,
      {
        config: { access: { right: 'QueryCreateCmd' } },
        schema: routeSchema({
          operationId: route.operationId,
          tags,
          summary: `Raises a query on the ${route.kind === 'StudyInstitute' ? 'location (body.studyId needed)' : route.kind === 'DataField' ? 'field instance (body.studyPatientId needed)' : route.kind.toLowerCase()}`,
          params: Type.Object({ [route.param]: Uuid }),
          body: DataQueryCreateSchema,
          response: { 201: DataQueryRef },
          errors: [404],
        }),
      },
      async (request, reply) => {
        const id = (request.params as Record<string, string>)[route.param] ?? '';
        const created = await createDataQuery(deps(), callerOf(request), targetRef(route.kind, id, request.body), request.body);
        return reply.status(201).send(created);
      },
    );
  }

  const action = (url: string, act: ChangeAction, operationId: string, summary: string, body: TSchema) =>
    app.put(
      url,
      {
        config: { access: { right: DATA_QUERY_ACTION_RIGHTS[act] } },
        schema: routeSchema({ operationId, tags, summary, params: IdParams, body, response: { 200: DataQueryRef }, errors: [404, 409] }),
      },
      (request) => actOnDataQuery(deps(), callerOf(request), request.params.id, act, request.body as ActionBody),
    );

  action(
    '/Query/:id',
    'edit',
    'editQuery',
    'Edits title, text, priority or query type; an answered query is asked again',
    DataQueryEditSchema,
  );
  for (const route of ACTION_ROUTES)
    action(`/Query/:id/${route.action}`, route.action, route.operationId, route.summary, DataQueryActionSchema);
}
