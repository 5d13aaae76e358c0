/**
 * The plausibility hints that hold in a visit's documentation (issue 25 item 3; docs/rules.md "Plausibility
 * hints"): `formHints` of @ecrf/rules over the visit's own form and each of its instruments, in the contexts the
 * field states use (field-state.ts). Display keys stay keys: the client shows the definition's texts.
 */
import { formHints } from '@ecrf/rules';
import type { GatewayContext } from '../context.js';
import { instancesOf, type DocumentationHint, type Visit } from './models.js';
import { evaluationOf } from './field-state.js';
import { instrumentPlace } from './documentation.js';

export async function openHintsOf({ context, visit }: Visit, gateway: GatewayContext): Promise<DocumentationHint[]> {
  const { input, contextFor } = await evaluationOf(context, gateway);
  const definition = input.index.visitById.get(visit.definitionId);
  if (!definition) return [];
  const key = (displayKey: string) => displayKey;
  const label = (definitionId: string) => input.index.fieldById.get(definitionId)?.displayKey ?? '';
  const roots = instancesOf(visit.fields);
  const own = formHints(definition.fields, roots, contextFor({ kind: 'visit', visitId: visit.id }, roots), key).map((hint) => ({
    instrument: null,
    formPath: hint.path,
    fieldDisplayKey: label(hint.definitionId),
    message: hint.message,
  }));
  const ofInstruments = visit.instruments
    .filter((instrument) => !instrument.isDeleted)
    .sort((a, b) => a.order - b.order)
    .flatMap((instrument) => {
      const formFields = input.index.instrumentById.get(instrument.definitionId)?.fields ?? [];
      const fields = instancesOf(instrument.fields);
      return formHints(formFields, fields, contextFor(instrumentPlace(instrument), fields), key).map((hint) => ({
        instrument: { context, visit, instrument },
        formPath: hint.path,
        fieldDisplayKey: label(hint.definitionId),
        message: hint.message,
      }));
    });
  return [...own, ...ofInstruments];
}
