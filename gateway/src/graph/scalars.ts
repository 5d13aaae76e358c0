/**
 * The graph's date scalars (docs/gateway.md "Conventions"): `Date` (yyyy-MM-dd), `DateTime` (ISO 8601,
 * answered in UTC) and `PartialDate` (ecrf-core.md §3: parts may be unknown). Outputs are normalised, inputs
 * refused with BAD_USER_INPUT when they are not what the scalar says, so no resolver sees a malformed date.
 */
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { formatStorageDate, isCompleteDate, parsePartialDate } from '@ecrf/rules';

const refuse = (scalar: string, value: unknown): GraphQLError =>
  new GraphQLError(`${scalar} cannot represent ${JSON.stringify(value)}`, { extensions: { code: 'BAD_USER_INPUT' } });

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date; an ISO date-time from upstream is cut to its date part. */
function calendarDate(value: unknown, input: boolean): string {
  if (typeof value !== 'string') throw refuse('Date', value);
  const text = input ? value : value.slice(0, 10);
  const parsed = DATE.test(text) ? parsePartialDate(text) : null;
  if (!parsed || !isCompleteDate(parsed)) throw refuse('Date', value);
  return formatStorageDate(parsed);
}

// RFC 3339 with a zone: a time without one would be read in the server's zone.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(value: unknown, input: boolean): string {
  const date = value instanceof Date ? value : typeof value === 'string' && (!input || DATE_TIME.test(value)) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw refuse('DateTime', value);
  return date.toISOString();
}

// Storage form only (the display form dd.MM.yyyy is the web's business).
const PARTIAL_DATE = /^((\d{4}|XXXX|UK)-(\d{2}|XX|UK)-(\d{2}|XX|UK)(T.*)?|ongoing|unknown)$/;

function partialDate(value: unknown): string {
  const parsed = typeof value === 'string' && PARTIAL_DATE.test(value) ? parsePartialDate(value) : null;
  if (!parsed) throw refuse('PartialDate', value);
  return formatStorageDate(parsed);
}

function literal(scalar: string, node: ValueNode): string {
  if (node.kind !== Kind.STRING) throw refuse(scalar, node.kind);
  return node.value;
}

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  serialize: (value) => calendarDate(value, false),
  parseValue: (value) => calendarDate(value, true),
  parseLiteral: (node) => calendarDate(literal('Date', node), true),
});

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => instant(value, false),
  parseValue: (value) => instant(value, true),
  parseLiteral: (node) => instant(literal('DateTime', node), true),
});

export const PartialDateScalar = new GraphQLScalarType({
  name: 'PartialDate',
  serialize: partialDate,
  parseValue: partialDate,
  parseLiteral: (node) => partialDate(literal('PartialDate', node)),
});
