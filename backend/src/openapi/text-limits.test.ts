/**
 * The web's inputs carry the server's limits as `maxLength` from TEXT_LIMITS of @ecrf/rules (docs/web.md "Limits of
 * free texts"). The request schemas keep their own numbers, so this test holds every `maxLength` of the published API to
 * the constant: a schema changed alone fails here, and so does a new limit nobody has placed.
 */
import { TEXT_LIMITS, type TextLimit } from '@ecrf/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './write-openapi.js';

type Schema = { maxLength?: number; [key: string]: unknown };
type Operation = { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: Schema };
type Document = { paths: Record<string, Record<string, Operation>> };
type Limit = { method: string; path: string; at: string; maxLength: number };

/** Every `maxLength` of a request (parameters and body), named by where it stands: `query:search`, `body:meaning`. */
function requestLimits(document: Document): Limit[] {
  const limits: Limit[] = [];
  const walk = (schema: unknown, at: string, found: (at: string, maxLength: number) => void): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const { maxLength } = schema as Schema;
    if (typeof maxLength === 'number') found(at, maxLength);
    for (const [key, value] of Object.entries(schema)) {
      // A property of the body is named by its own name; deeper ones by the body property they lie in.
      if (key === 'properties' && typeof value === 'object' && value !== null)
        for (const [name, property] of Object.entries(value)) walk(property, at === 'body' ? `body:${name}` : at, found);
      else walk(value, at, found);
    }
  };
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const found = (at: string, maxLength: number) => limits.push({ method, path, at, maxLength });
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${parameter.in}:${parameter.name}`, found);
      walk(operation.requestBody, 'body', found);
    }
  return limits;
}

/** Texts a user types, with the constant the web's input takes; a path pattern where the same name means another text. */
const TYPED: readonly { at: string; path?: RegExp; limit: TextLimit }[] = [
  { at: 'body:reasonForChange', limit: 'reasonForChange' },
  { at: 'query:reasonOfChange', limit: 'reasonForChange' },
  { at: 'query:reasonForChange', limit: 'reasonForChange' },
  { at: 'body:meaning', limit: 'signatureMeaning' },
  { at: 'body:note', limit: 'projectNote' },
  { at: 'query:search', path: /NngmStudyPatient/, limit: 'patientSearch' },
  { at: 'query:search', limit: 'search' },
  { at: 'query:SearchText', limit: 'search' },
  { at: 'query:searchText', limit: 'search' },
  { at: 'body:cron', path: /GenericExport/, limit: 'exportSchedule' },
  { at: 'query:emailAddress', limit: 'emailAddress' },
  { at: 'body:accessCode', limit: 'accessCode' },
];

/**
 * Limits of texts no input of the web types as they are, each with why: the web limits them otherwise or not at all.
 * The generic export's name and description leave room for blanks around them: the rules check the trimmed text against
 * TEXT_LIMITS (exportDefinitionProblems), which the test below holds them to.
 */
const NOT_TYPED: readonly { at: string; path?: RegExp; why: string }[] = [
  { at: 'query:after', why: 'a cursor of the patient list, written by the server' },
  { at: 'query:fileName', why: 'the name of an export file, written by the server' },
  { at: 'path:fileName', path: /fhir\/bulkfiles/, why: 'the name of a Bulk Data file, written by the server' },
  { at: 'body:name', path: /GenericExport/, why: 'checked trimmed by the rules (exportDefinitionName)' },
  { at: 'body:description', path: /GenericExport/, why: 'checked trimmed by the rules (exportDefinitionDescription)' },
  { at: 'body:items', path: /GenericExport/, why: 'item paths chosen from the definition, not typed' },
  { at: 'body:studyPatientFieldsConfiguration', why: 'one field path per line of the screening configuration' },
  { at: 'body:visitFieldsConfiguration', why: 'one field path per line of the screening configuration' },
  { at: 'body:instrumentFieldsConfiguration', why: 'one field path per line of the screening configuration' },
  { at: 'body:tags', path: /NewsDocument/, why: 'each tag of a comma-separated input, checked by newsDocumentFieldErrors' },
  { at: 'path:identifier', path: /NewsDocument/, why: 'a news document looked up by its identifier' },
  { at: 'body:result', path: /ELearning/, why: 'ids of e-learning questions and options, chosen' },
  { at: 'query:patientIdentifier', why: 'a pseudonym of the questionnaire service' },
  { at: 'path:questionnaireId', why: 'a questionnaire id' },
  { at: 'body:answers', why: 'ids and codes of a questionnaire’s answers, chosen' },
  { at: 'body:', path: /ObdsImport/, why: 'the file name and the codes of an oBDS file, read by the gateway (the XSD bounds them)' },
];

const matches = (entry: { at: string; path?: RegExp }, limit: Limit) =>
  limit.at.startsWith(entry.at) && (entry.path === undefined || entry.path.test(limit.path));

describe('limits of free texts', () => {
  let limits: Limit[];
  beforeAll(async () => {
    limits = requestLimits((await buildOpenApiDocument()) as Document);
  });

  it('holds every limit of a typed text to the constant of the rules, which the web gives its input', () => {
    const typed = limits.filter((limit) => !NOT_TYPED.some((entry) => matches(entry, limit)));
    expect(typed.length).toBeGreaterThan(10);
    for (const limit of typed) {
      const entry = TYPED.find((candidate) => matches(candidate, limit));
      const where = `${limit.method} ${limit.path} ${limit.at}`;
      expect(entry, `${where}: a new limit; name its constant in TEXT_LIMITS of @ecrf/rules`).toBeDefined();
      expect(limit.maxLength, where).toBe(TEXT_LIMITS[entry?.limit ?? 'search']);
    }
  });

  it('names the reason for change, the signature meaning and the searches', () => {
    const at = (path: string, name: string) => limits.find((limit) => limit.path === path && limit.at === name)?.maxLength;
    expect(at('/api/v1.0/Instrument/{id}', 'body:reasonForChange')).toBe(2000);
    expect(at('/api/v1.0/Visit/{id}', 'query:reasonOfChange')).toBe(2000);
    expect(at('/api/v1.0/PossibleMatch/{tentativePid}', 'body:reasonForChange')).toBe(2000);
    expect(at('/api/v1.0/Visit/{id}/sign', 'body:meaning')).toBe(500);
    expect(at('/api/v1.0/NngmStudyPatient/study/{studyId}/my', 'query:search')).toBe(100);
    expect(at('/api/v1.0/Query/overview', 'query:SearchText')).toBe(200);
  });

  it('leaves the generic export room around the trimmed limits of the rules', () => {
    const at = (name: string) => limits.filter((limit) => /GenericExport/.test(limit.path) && limit.at === name).map((l) => l.maxLength);
    for (const maxLength of at('body:name')) expect(maxLength).toBeGreaterThanOrEqual(TEXT_LIMITS.exportDefinitionName);
    for (const maxLength of at('body:description')) expect(maxLength).toBeGreaterThanOrEqual(TEXT_LIMITS.exportDefinitionDescription);
    expect(at('body:name').length).toBeGreaterThan(0);
  });
});
