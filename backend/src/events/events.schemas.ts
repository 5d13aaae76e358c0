/** TypeBox schemas of the domain event stream (docs/backend.md "Queries, verification flags and events"). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';

const EventId = Type.String({ pattern: '^\\d{1,20}-\\d{1,20}$', description: 'opaque "<xid>-<id>", ordered as the pair' });

export const WireEventSchema = Type.Object(
  {
    id: EventId,
    type: Type.String({
      description:
        'DataQueryChanged | VerificationFlagChanged | StudyPatientRegistered | DocumentationSaved | ExportJobChanged | ObdsImportChanged',
    }),
    occurredAt: Type.String({ format: 'date-time' }),
    studyId: Uuid,
    studyPatientId: Type.Union([Uuid, Type.Null()]),
    studyInstituteId: Type.Union([Uuid, Type.Null()], { description: 'null for study-wide events (export jobs)' }),
    payload: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'DomainEvent', title: 'DomainEvent' },
);

export const EventsQuerySchema = Type.Object({ after: Type.Optional(EventId) });

export const EventsSinceQuerySchema = Type.Object({
  after: Type.Optional(EventId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1000 })),
});

export const EventsSinceSchema = Type.Object({
  events: Type.Array(Type.Ref('DomainEvent')),
  head: Type.Union([EventId, Type.Null()], { description: 'the newest deliverable event id' }),
});
