/**
 * Systemic therapy lines and consents as FHIR R4 resources (issue 28 item 1; docs/fhir-export.md "Mapping"): a
 * Procedure per therapy line with a MedicationStatement for its substances, a Consent per consent entry. Pure: no I/O.
 */
import type { Consent, ConsentProvision, MedicationStatement, Procedure } from '@medplum/fhirtypes';
import { SYSTEMS, coding, concept, loinc, registrySystem } from './fhir-codes.js';
import { dateOf, type FormReader } from './fhir-form.js';
import type { FhirResource } from './fhir-resource-types.js';
import type { InstrumentPlace } from './fhir-source.js';

export function systemicTherapy(reader: FormReader, place: InstrumentPlace): FhirResource[] {
  const lines = reader.children(reader.fieldAt('therapy_lines')?.childFields ?? [], 'therapy_line');
  return lines.flatMap((line): FhirResource[] => {
    const level = line.childFields;
    const start = dateOf(reader, 'start', level);
    const end = dateOf(reader, 'end', level);
    const type = reader.value('therapy_type', level);
    const response = reader.value('best_response', level);
    const substances = reader.value('substances', level);
    const period = start || end ? { ...(start ? { start } : {}), ...(end ? { end } : {}) } : null;
    const common = {
      subject: place.patient,
      ...(place.condition ? { reasonReference: [place.condition] } : {}),
    };
    const procedure: Procedure = {
      resourceType: 'Procedure',
      id: line.id,
      meta: { lastUpdated: place.lastUpdated },
      status: end ? 'completed' : 'in-progress',
      category: concept(coding(SYSTEMS.snomed, '18629005', 'Administration of drug or medicament')),
      ...(type ? { code: concept(coding(registrySystem(place.definition, 'therapy_type'), type)) } : {}),
      ...common,
      ...(place.encounter ? { encounter: place.encounter } : {}),
      ...(period ? { performedPeriod: period } : {}),
      ...(response ? { outcome: concept(coding(registrySystem(place.definition, 'recist'), response)) } : {}),
    };
    if (!substances) return [procedure];
    const medication: MedicationStatement = {
      resourceType: 'MedicationStatement',
      id: `${line.id}-medication`,
      meta: { lastUpdated: place.lastUpdated },
      partOf: [{ reference: `Procedure/${line.id}` }],
      status: end ? 'completed' : 'active',
      medicationCodeableConcept: { text: substances },
      ...common,
      ...(place.encounter ? { context: place.encounter } : {}),
      ...(period ? { effectivePeriod: period } : {}),
    };
    return [procedure, medication];
  });
}

export const POLICIES = [
  'policy_processing',
  'policy_contact',
  'policy_retro_health_insurance',
  'policy_health_insurance',
  'participation',
];

export function consents(reader: FormReader, place: InstrumentPlace): FhirResource[] {
  return reader.fields
    .filter((list) => list.isDeleted !== true)
    .flatMap((list) => {
      const version = reader.identifierOf(list);
      return reader.children(list.childFields, 'consent_entry').flatMap((entry): Consent[] => {
        const level = entry.childFields;
        const provisions: ConsentProvision[] = POLICIES.flatMap((policy) => {
          const answer = reader.value(policy, level);
          if (answer !== 'yes' && answer !== 'no') return [];
          return [
            {
              type: answer === 'yes' ? 'permit' : 'deny',
              code: [concept(coding(registrySystem(place.definition, 'consent_policy'), policy))],
            },
          ];
        });
        const date = dateOf(reader, 'consent_date', level);
        const withdrawn = dateOf(reader, 'withdrawal_date', level);
        const text = reader.value('consent_text', level);
        if (!date && provisions.length === 0 && !text && !withdrawn) return [];
        return [
          {
            resourceType: 'Consent',
            id: entry.id,
            meta: { lastUpdated: place.lastUpdated },
            status: withdrawn ? 'inactive' : 'active',
            scope: concept(coding(SYSTEMS.consentScope, 'research')),
            category: [loinc('59284-0', 'Patient Consent')],
            patient: place.patient,
            ...(date ? { dateTime: date } : {}),
            policyRule: { ...concept(coding(registrySystem(place.definition, 'consent'), version)), ...(text ? { text } : {}) },
            provision: {
              // Permit as the base rule, each policy its own nested rule; deny only when every policy documented is refused.
              type: provisions.length > 0 && provisions.every((p) => p.type === 'deny') ? 'deny' : 'permit',
              ...(withdrawn ? { period: { ...(date ? { start: date } : {}), end: withdrawn } } : {}),
              ...(provisions.length > 0 ? { provision: provisions } : {}),
            },
          },
        ];
      });
    });
}
