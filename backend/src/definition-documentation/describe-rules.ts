/**
 * German descriptions of rules and constraints for the functional documentation (ecrf-calls.md
 * "Documentation"): each rule kind, constraint type and operator of ecrf-core.md §3 and §5 in words a
 * clinical reader understands, with the display values of the chosen language.
 */
import type { ConstraintDefinition, ConstraintExpression, DataFieldDefinition, FieldRule } from '@ecrf/rules';

export type Labels = (displayKey: string) => string;

export const fieldTypeNames: Record<string, string> = {
  TableEntry: 'Eingabefeld',
  ListEntry: 'Listeneintrag',
  EventReportListEntry: 'Ereignistyp',
  Table: 'Tabelle',
  List: 'Liste',
  EventReportList: 'Ereignisliste',
  FieldGroup: 'Feldgruppe',
  DisplayValue: 'Anzeigewert',
  NngmNetworkPartner: 'Netzwerkpartner',
  NngmNetworkLocation: 'Netzwerkstandort',
};

export const valueTypeNames: Record<string, string> = {
  text: 'Text',
  number: 'Zahl',
  date: 'Datum',
  enum: 'Auswahl',
  multiEnum: 'Mehrfachauswahl',
  boolean: 'Ja/Nein',
};

const ruleKindNames: Record<string, string> = {
  Visibility: 'Sichtbar',
  Editability: 'Bearbeitbar',
  Hint: 'Hinweis',
  Redirect: 'Weiterleitung',
  RequiredField: 'Pflichtfeld',
  Population: 'Wert',
};

const quoted = (value: string): string => `„${value}“`;
const list = (value: string | null | undefined): string =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim().replace(/^"|"$/g, ''))
    .filter(Boolean)
    .map(quoted)
    .join(', ');
const operand = (value: string | null | undefined): string => (value === 'today' ? 'heute' : quoted(value ?? ''));

const operatorPhrases: Record<string, (value: string | null | undefined) => string> = {
  empty: () => 'ist leer',
  notEmpty: () => 'ist nicht leer',
  equals: (v) => `ist gleich ${operand(v)}`,
  notEquals: (v) => `ist ungleich ${operand(v)}`,
  greaterThan: (v) => `ist größer als ${operand(v)}`,
  lessThan: (v) => `ist kleiner als ${operand(v)}`,
  contains: (v) => `enthält ${operand(v)}`,
  insideList: (v) => `ist einer der Werte ${list(v)}`,
  notInsideList: (v) => `ist keiner der Werte ${list(v)}`,
  minCount: (v) => `hat mindestens ${v ?? '?'} Einträge`,
  hasAnyListEntryWithType: (v) => `hat einen Eintrag vom Typ ${list(v)}`,
  isFhirImport: () => 'stammt aus einem FHIR-Import',
};

const contextPhrases: Record<string, (value: string | null | undefined) => string> = {
  hasConsent4: () => 'die Einwilligung 4 ist vollständig erteilt',
  hasConsent4DigiNetField: () => 'die DigiNet-Einwilligung 4 ist erteilt',
  isSelectedInstituteDigiNet: () => 'das gewählte Zentrum ist ein DigiNet-Zentrum',
  selectedInstituteAssignedToAnyDigiNetVisit: () => 'das gewählte Zentrum ist einer DigiNet-Visite zugeordnet',
  selectedInstituteAssignedToNngmCase: () => 'das gewählte Zentrum ist dem nNGM-Fall zugeordnet',
  isDigiNetFollowUpVisible: () => 'das DigiNet-Follow-up ist für den Benutzer sichtbar',
  roleIdentifierMatches: (v) => `die Rolle des Benutzers ist eine von ${list(v)}`,
  birthYearEquals: (v) => `das Geburtsjahr ist ${v ?? '?'}`,
  birthYearBefore: (v) => `das Geburtsjahr liegt vor ${v ?? '?'}`,
  birthYearAfter: (v) => `das Geburtsjahr liegt nach ${v ?? '?'}`,
  sexEquals: (v) => `das Geschlecht ist eines von ${list(v)}`,
};

export type RuleDescriber = {
  constraint: (constraint: ConstraintDefinition) => string;
  expression: (expression: ConstraintExpression | null | undefined) => string;
  rule: (rule: FieldRule) => string;
};

/** `fields` are every field definition of the study, to name the fields a constraint reads. */
export function ruleDescriber(
  labels: Labels,
  constraints: readonly ConstraintDefinition[],
  fields: readonly DataFieldDefinition[],
  visitKeys: ReadonlyMap<string, string>,
  instrumentKeys: ReadonlyMap<string, string>,
): RuleDescriber {
  const byId = new Map(constraints.map((c) => [c.id, c]));
  const fieldLabel = (path: string): string => {
    const last = path.split('.').at(-1);
    const field = fields.find((f) => f.identifier === last);
    return field ? `Feld ${quoted(labels(field.displayKey))} (${path})` : `Feld ${path}`;
  };
  const subject = (c: ConstraintDefinition): string => {
    const visit = c.visit ? `Visite ${quoted(labels(visitKeys.get(c.visit) ?? c.visit))}` : 'Visiten';
    const instrument = c.instrument ? `Instrument ${quoted(labels(instrumentKeys.get(c.instrument) ?? c.instrument))}` : 'Instrumente';
    const read = c.fieldPath ? fieldLabel(c.fieldPath) : c.property ? `Eigenschaft ${c.property}` : null;
    switch (c.type) {
      case 'SimpleFieldValue':
      case 'SimpleDateValue':
        return read ?? 'Feld';
      case 'PatientDataValue':
        return read ? `Patientendaten: ${read}` : 'Patient';
      case 'VisitDataValue':
        return read ? `${visit}: ${read}` : `Anzahl ${c.visit ? `der ${visit}` : 'der Visiten'}`;
      case 'InstrumentDataValue':
        return read
          ? `${instrument}: ${read}`
          : `Anzahl ${c.instrument ? `der Instrumente ${quoted(labels(instrumentKeys.get(c.instrument) ?? c.instrument))}` : 'der Instrumente'}`;
      case 'InstituteDataValue':
        return `Gewähltes Zentrum: ${read ?? 'Zentrum'}`;
      case 'UserDataValue':
        return `Benutzer: ${read ?? 'Benutzer'}`;
      case 'DigiNetHardlockConstantDateValue':
        return 'das heutige Datum';
      default:
        return read ?? c.type;
    }
  };
  const constraint = (c: ConstraintDefinition): string => {
    const context = contextPhrases[c.operator];
    if (context) return context(c.value);
    const phrase = operatorPhrases[c.operator];
    return phrase ? `${subject(c)} ${phrase(c.value)}` : `unbekannter Operator ${c.operator} (gilt nie)`;
  };
  const expression = (e: ConstraintExpression | null | undefined, nested = false): string => {
    if (!e) return 'immer';
    const children = e.expressions ?? [];
    const wrap = (text: string) => (nested && children.length > 1 ? `(${text})` : text);
    switch (e.operator) {
      case 'EVAL': {
        const found = e.constraintDefinitionId ? byId.get(e.constraintDefinitionId) : undefined;
        return found ? constraint(found) : `unbekannte Bedingung ${e.constraintDefinitionId ?? ''}`;
      }
      case 'NOT':
        return `nicht (${expression(children[0], false)})`;
      case 'AND':
        return wrap(children.map((c) => expression(c, true)).join(' und '));
      case 'OR':
        return wrap(children.map((c) => expression(c, true)).join(' oder '));
      default:
        return `unbekannte Verknüpfung ${e.operator}`;
    }
  };
  const rule = (r: FieldRule): string => {
    const kind = ruleKindNames[r.definitionType] ?? r.definitionType;
    const head = r.definitionType === 'Population' ? `Wert ${quoted(r.value ?? '')}` : kind;
    const when = r.constraintExpression ? `, wenn ${expression(r.constraintExpression)}` : ' (immer)';
    const message = r.displayKey ? ` – Meldung: ${quoted(labels(r.displayKey))}` : '';
    return `${head}${when}${message}${r.isDeleted ? ' [gelöscht]' : ''}`;
  };
  return { constraint, expression: (e) => expression(e), rule };
}
