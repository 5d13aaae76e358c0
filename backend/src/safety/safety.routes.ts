/**
 * The safety calls (ecrf-calls.md §7 "Safety"): GET study/{studyId}/freetext-report?fromDate, GET
 * screening-report?fromDate, GET and PUT screening-configuration by study, under /Safety.
 */
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import {
  FreeTextReportSchema,
  FromDateQuery,
  ScreeningConfigurationInputSchema,
  ScreeningConfigurationSchema,
  ScreeningReportQuery,
  ScreeningReportSchema,
  StudyParams,
} from './safety.schemas.js';
import { freeTextReport, getScreeningConfiguration, putScreeningConfiguration, screeningReport } from './safety.service.js';

const tags = ['Safety'];

export function registerSafetyRoutes(app: App, { db, config }: AppDeps): void {
  app.get(
    '/Safety/study/:studyId/freetext-report',
    {
      config: { access: { right: 'SafetyReportGetCmd' } },
      schema: routeSchema({
        operationId: 'getFreetextReport',
        tags,
        summary: 'Free texts documented or changed since fromDate (registry day), of the patients the caller may see',
        params: StudyParams,
        querystring: FromDateQuery,
        response: { 200: FreeTextReportSchema },
        errors: [404],
      }),
    },
    (request) => freeTextReport(db, callerOf(request), request.params.studyId, request.query.fromDate),
  );

  app.get(
    '/Safety/screening-report',
    {
      config: { access: { right: 'SafetyScreeningReportGetCmd' } },
      schema: routeSchema({
        operationId: 'getScreeningReport',
        tags,
        summary: 'Patients registered since fromDate with the fields of the study’s screening configuration',
        querystring: ScreeningReportQuery,
        response: { 200: ScreeningReportSchema },
        errors: [404],
      }),
    },
    (request) => screeningReport(db, callerOf(request), request.query.fromDate, request.query.studyId),
  );

  app.get(
    '/Safety/screening-configuration/study/:studyId',
    {
      config: { access: { right: 'SafetyScreeningConfigurationGetCmd' } },
      schema: routeSchema({
        operationId: 'getScreeningConfiguration',
        tags,
        summary: 'The screening configuration of a study (version 0 and empty lists when never saved)',
        params: StudyParams,
        response: { 200: ScreeningConfigurationSchema },
        errors: [404],
      }),
    },
    (request) => getScreeningConfiguration(db, request.params.studyId),
  );

  app.put(
    '/Safety/screening-configuration/study/:studyId',
    {
      config: { access: { right: 'SafetyScreeningConfigurationUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateScreeningConfiguration',
        tags,
        summary: 'Replaces the three field lists; checked against the study definition; a stale version answers 409',
        params: StudyParams,
        body: ScreeningConfigurationInputSchema,
        response: { 200: ScreeningConfigurationSchema },
        errors: [404, 409],
      }),
    },
    (request) => putScreeningConfiguration(db, callerOf(request), request.params.studyId, request.body, config.clock()),
  );
}
