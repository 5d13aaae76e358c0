/**
 * Functional documentation of a study definition, not of patients (ecrf-calls.md §7 "Documentation"): POST {studyDefinitionId}/{languageIdentifier}/
 * funcionalDesign, ecrf, ecrf-view and complete (the spec's spelling), under Documentation/. Each answers a
 * downloadable PDF of the current version of the definition in the language asked for.
 */
import type { RightName } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { Uuid, routeSchema } from '../http/schemas.js';
import { findLanguages } from '../languages/languages.service.js';
import { findDefinitionModel } from '../study-definitions/study-definitions.service.js';
import { DOCUMENTATION_KINDS, documentationTitles, renderDocumentation, type DocumentationKind } from './documentation-pdf.js';

const rights: Record<DocumentationKind, RightName> = {
  funcionalDesign: 'DocumentationCreateFunctionalDesignCmd',
  ecrf: 'DocumentationCreateEcrfCmd',
  'ecrf-view': 'DocumentationCreateEcrfViewCmd',
  complete: 'DocumentationCreateCompleteCmd',
};
const operationIds: Record<DocumentationKind, string> = {
  funcionalDesign: 'createFunctionalDesignDocument',
  ecrf: 'createEcrfDocument',
  'ecrf-view': 'createEcrfViewDocument',
  complete: 'createCompleteDocument',
};

const Params = Type.Object({ studyDefinitionId: Uuid, languageIdentifier: Type.String({ pattern: '^[a-z]{2}$' }) });
const Pdf = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'the PDF (application/pdf, Content-Disposition attachment)',
});

export function documentationFileName(identifier: string, version: number, kind: DocumentationKind, language: string): string {
  return `${identifier}-v${version}-${kind}-${language}.pdf`;
}

export function registerDocumentationRoutes(app: App, { db }: AppDeps): void {
  for (const kind of DOCUMENTATION_KINDS) {
    app.post(
      `/Documentation/:studyDefinitionId/:languageIdentifier/${kind}`,
      {
        config: { access: { right: rights[kind] } },
        schema: routeSchema({
          operationId: operationIds[kind],
          tags: ['Documentation'],
          summary: `${documentationTitles[kind]} of a study definition as PDF`,
          params: Params,
          response: { 200: Pdf },
          errors: [404],
        }),
      },
      async (request, reply) => {
        const { meta, model } = await findDefinitionModel(db, request.params.studyDefinitionId);
        if (meta.isDeleted) throw notFound('study definition');
        const definition = { ...model, displayName: meta.displayName, version: meta.version };
        const language = (await findLanguages(db, { studyDefinitionId: meta.id })).find(
          (l) => l.identifier === request.params.languageIdentifier,
        );
        if (!language) throw notFound('language');
        const values = new Map(language.entries.map((e) => [e.displayKey, e.displayValue]));
        const pdf = await renderDocumentation({
          kind,
          definition,
          languageIdentifier: language.identifier,
          labels: (key) => values.get(key) ?? key,
          createdAt: new Date(),
        });
        const fileName = documentationFileName(definition.identifier, definition.version, kind, language.identifier);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
    );
  }
}
