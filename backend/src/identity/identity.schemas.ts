/** TypeBox schemas of the patient-identity calls (ecrf-calls.md §7 "Patient-identity service"; docs/backend.md). */
import { Type } from 'typebox';
import { Uuid } from '../http/schemas.js';
import { IDAT_FIELDS } from './mainzelliste.client.js';

export const tags = ['Mainzelliste'];
/** Service failures: 409 (unsure match), 502 (400, 401, 500 of the service), 503 (no answer, §5 "404"). */
export const serviceErrors = [409, 502, 503];

const pseudonym = (description: string) => Type.String({ pattern: '^[A-Za-z0-9_-]{4,40}$', description });
const Pseudonym = pseudonym('the id string of the service (id type pid), the registry pseudonym');
const uuid = (description: string) => Type.String({ format: 'uuid', description });
const IdatField = Type.Union(IDAT_FIELDS.map((field) => Type.Literal(field)));

export const ConfigurationSchema = Type.Object({
  apiVersion: Type.String({ description: 'mainzellisteApiVersion to send with every call to the service' }),
  idType: Type.String({ description: 'the id type whose id strings are the registry pseudonyms' }),
  fields: Type.Array(Type.String(), { description: 'the IDAT fields the service keeps' }),
  matchThreshold: Type.Number({ description: 'ecrf-calls.md §9: a check-match counts as a match only at this similarityScore or above' }),
  errorPrefix: Type.String({ description: 'ecrf-calls.md §8: the prefix of every service error text' }),
  errors: Type.Array(
    Type.Object({
      status: Type.Integer(),
      code: Type.String(),
      message: Type.String({ description: 'the German message of the §5 status, with the prefix' }),
    }),
    { description: 'ecrf-calls.md §5: the answers of the service and what to show for each' },
  ),
});

/** An addPatient token, or an editPatient token for one linked patient and the fields to change. */
export const SessionAndTokenRequestSchema = Type.Union([
  Type.Object({ type: Type.Literal('addPatient') }),
  Type.Object({
    type: Type.Literal('editPatient'),
    patientId: uuid('the registry patient (Patient.id) whose identity is edited'),
    fields: Type.Array(IdatField, { minItems: 1, uniqueItems: true, description: 'the service fields the token may change' }),
  }),
]);

export const TokenSchema = Type.Object({
  tokenId: Type.String({
    description:
      'the token of the service; use it at the service directly (POST /patients, PUT /patients/tokenId/{tokenId}, POST /patients/checkMatch/{tokenId})',
  }),
  type: Type.Union([Type.Literal('addPatient'), Type.Literal('editPatient'), Type.Literal('checkMatch')]),
  allowedUses: Type.Integer({ minimum: 1 }),
  pseudonym: Type.Optional(Pseudonym),
});

export const CheckMatchQuery = Type.Object({
  tokenId: Type.String({ minLength: 1, description: 'the checkMatch token the result was obtained with' }),
});

/** The answer of the service's POST /patients/checkMatch/{tokenId} (an entry of its list). */
export const CheckMatchResultSchema = Type.Object(
  {
    similarityScore: Type.Number(),
    pid: Type.Optional(Pseudonym),
  },
  { additionalProperties: true },
);

export const CheckMatchVerdictSchema = Type.Object({
  isMatch: Type.Boolean({ description: 'similarityScore ≥ matchThreshold (ecrf-calls.md §5, §9)' }),
  similarityScore: Type.Number(),
  matchThreshold: Type.Number(),
  pseudonym: Type.Union([Pseudonym, Type.Null()], { description: 'the best-matching identity, also below the threshold' }),
});

export const LinkRequestSchema = Type.Object({ patientId: Uuid, pseudonym: Pseudonym });
export const LinkSchema = Type.Object({
  patientId: Uuid,
  pseudonym: Pseudonym,
  idType: Type.String(),
  linkedAt: Type.String({ format: 'date-time' }),
});

export const CheckMatchPatientQuery = Type.Object({ token: Pseudonym });
export const CheckMatchPatientSchema = Type.Object({
  pseudonym: Pseudonym,
  registered: Type.Boolean({ description: 'a registry patient is linked to this identity' }),
  studyPatients: Type.Array(
    Type.Object({
      id: Uuid,
      patientId: Uuid,
      studyId: Uuid,
      studyInstituteId: Uuid,
      instituteDisplayName: Type.String(),
    }),
    { description: 'its study patients the caller may see' },
  ),
});

export const CreatePatientQuery = Type.Object({
  tokenId: Type.String({ minLength: 1, description: 'the addPatient token the identity was created with (its session is ended)' }),
});
export const CreatePatientSchema = Type.Object({
  studyId: Uuid,
  studyInstituteId: Uuid,
  pseudonym: pseudonym('the pid the service answered; it must exist at the service'),
  registrationDate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  isMlPatient: Type.Optional(Type.Boolean()),
});

export const PatientsPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export const ServicePatientsSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      pseudonym: Pseudonym,
      tentative: Type.Boolean({ description: 'created with sureness=true beside a possible duplicate' }),
      patientId: Type.Union([Uuid, Type.Null()], { description: 'the linked registry patient' }),
    }),
  ),
  totalCount: Type.Integer({ minimum: 0 }),
});

export const ReadTokenRequestSchema = Type.Object({
  requestedPatientIds: Type.Array(Uuid, { maxItems: 500, description: 'registry patients (Patient.id) whose identities are to be read' }),
  includeDeleted: Type.Optional(Type.Boolean({ default: false })),
});
export const ReadTokenByGuidQuery = Type.Object({ patientId: Uuid });
export const ReadTokenSchema = Type.Object({
  tokenId: Type.Union([Type.String(), Type.Null()], {
    description: 'a single-use readPatients token over the patients listed; null when none is readable',
  }),
  patients: Type.Array(Type.Object({ patientId: Uuid, pseudonym: Pseudonym }), {
    description: 'the requested patients the token covers: readable by the caller and linked to an identity',
  }),
  resultFields: Type.Array(Type.String()),
});

export const MyRealPatientsQuery = Type.Object({
  instituteId: Uuid,
  patientId: Type.Optional(pseudonym('pseudonymizedPatientId: only this patient')),
});
export const MyRealPatientsSchema = Type.Object({
  ...ReadTokenSchema.properties,
  studyPatients: Type.Array(Type.Object({ id: Uuid, patientId: Uuid, pseudonym: Pseudonym, studyInstituteId: Uuid })),
});

export const SyncResultSchema = Type.Object({
  servicePatients: Type.Integer({ minimum: 0, description: 'identities stored at the service' }),
  linked: Type.Array(Pseudonym, { description: 'registry patients whose pseudonym is a service id and were linked now' }),
  alreadyLinked: Type.Integer({ minimum: 0 }),
  missingAtService: Type.Array(Pseudonym, { description: 'links whose identity the service no longer has' }),
  withoutRegistryPatient: Type.Integer({ minimum: 0, description: 'service identities no registry patient uses' }),
});

const PossibleMatchSide = Type.Object({
  studyPatientId: uuid('the study patient of the registry the caller may see'),
  patientId: uuid('the registry patient (Patient.id) linked to the pseudonym'),
  pseudonym: Pseudonym,
});

/** The clerical review list (issue 17): open pairs of the service, as study patients of the registry. */
export const PossibleMatchListSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      tentative: PossibleMatchSide,
      candidate: PossibleMatchSide,
    }),
    { description: 'the pairs, oldest first; pairs with a patient the caller may not see are left out' },
  ),
});

export const PossibleMatchParams = Type.Object({ tentativePid: pseudonym('the pseudonym of the tentative patient of the pair') });

export const PossibleMatchDecisionSchema = Type.Object({
  decision: Type.Union([Type.Literal('same'), Type.Literal('apart')], {
    description: "'same': both records are one person; 'apart': two people, the tentative patient becomes definite",
  }),
  reasonForChange: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S', description: 'why; audited, must not hold IDAT' }),
});

export const PossibleMatchDecidedSchema = Type.Object({
  survivorStudyPatientId: Type.Union(
    [uuid('the study patient the tentative study patient of the pair was joined into (itself when re-pointed)'), Type.Null()],
    {
      description: "'same': the surviving study patient of the pair; 'apart': null",
    },
  ),
});
