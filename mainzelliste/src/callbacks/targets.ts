/**
 * Where callbacks go and browsers are redirected to (docs/mainzelliste.md "Callbacks and redirects").
 * Mainzelliste checks a callback against the regular expression `callback.allowedFormat` and lets a redirect go
 * anywhere; here both must lie on an origin of MAINZELLISTE_CALLBACK_HOSTS, so a token cannot make the service
 * call, or send a patient's browser to, a host the site did not name.
 * A redirect is a URI template as Mainzelliste (Jersey's UriTemplate) reads it: `{name}` or `{name: regex}`,
 * filled with the token id, the patient's ids by type and, for checkMatch, the similarity scores.
 */
import { badRequest } from '../errors/errors.js';

const TEMPLATE_VARIABLE = /\{\s*([A-Za-z0-9_.-]+)\s*(?::[^{}]*)?\}/g;

export const templateVariables = (template: string): string[] => [...template.matchAll(TEMPLATE_VARIABLE)].map((match) => match[1] ?? '');

export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(TEMPLATE_VARIABLE, (_whole, name: string) => encodeURIComponent(values[name] ?? ''));
}

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

export function checkCallback(callback: string, origins: readonly string[]): void {
  const origin = originOf(callback);
  if (origin === null || !origins.includes(origin)) throw badRequest(`Callback address ${callback} does not conform to allowed format!`);
}

/** Scheme and host without template variables: an id could otherwise move the redirect to another host. */
const LITERAL_ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#{}]*(?:[/?#]|$)/;

/** A redirect template: its variables must be known, and its origin literal and allowed. */
export function checkRedirect(template: string, variables: readonly string[], origins: readonly string[]): void {
  const unknown = templateVariables(template).find((name) => !variables.includes(name));
  if (unknown !== undefined) throw badRequest(`The URI template for the redirect address contains the undefined id type ${unknown}.`);
  const origin = LITERAL_ORIGIN.test(template) ? originOf(expandTemplate(template, {})) : null;
  if (origin === null || !origins.includes(origin)) throw badRequest(`Redirect address ${template} is not on an allowed host.`);
}
