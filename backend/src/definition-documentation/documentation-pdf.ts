/**
 * The functional documentation of a study definition as PDF (ecrf-calls.md "Documentation": funcionalDesign,
 * ecrf, ecrf-view, complete), rendered with pdfkit in German: visits, instruments, fields, enumerations
 * and rules. The standard PDF fonts cover German (WinAnsi); other characters are written out. The PDF is tagged
 * (issue 26 item 7, BITV 2.0 / PDF/UA's basics): document language, title shown, every heading an H1–H3 and every
 * line a P in the structure tree in reading order, page numbers marked as pagination artifacts.
 */
import PDFDocument from 'pdfkit';
import { indexStudyDefinition, type DataFieldDefinition, type InstrumentDefinition, type StudyDefinition } from '@ecrf/rules';
import { fieldTypeNames, ruleDescriber, valueTypeNames, type Labels, type RuleDescriber } from './describe-rules.js';

export const DOCUMENTATION_KINDS = ['funcionalDesign', 'ecrf', 'ecrf-view', 'complete'] as const;
export type DocumentationKind = (typeof DOCUMENTATION_KINDS)[number];

export const documentationTitles: Record<DocumentationKind, string> = {
  funcionalDesign: 'Funktionale Spezifikation',
  ecrf: 'eCRF (Erfassungsbögen)',
  'ecrf-view': 'eCRF-Ansicht (Feldübersicht)',
  complete: 'Gesamtdokumentation',
};

export type DocumentationInput = {
  kind: DocumentationKind;
  definition: StudyDefinition & { displayName: string; version: number };
  languageIdentifier: string;
  labels: Labels;
  createdAt: Date;
};

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const REPLACEMENTS: Record<string, string> = { '≥': '>=', '≤': '<=', '→': '->', '☐': '[ ]', '≠': '!=' };

/** Text the standard fonts can show: characters outside WinAnsi are replaced. */
export function pdfText(text: string): string {
  return [...text].map((c) => (c.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.includes(c) ? c : (REPLACEMENTS[c] ?? '?'))).join('');
}

type Doc = PDFKit.PDFDocument;

/** The structure tree's root of each document being written: its elements are added in reading order. */
const structureRoots = new WeakMap<Doc, PDFKit.PDFStructureElement>();

/** Writes content as one element of the structure tree (a heading, a paragraph). */
function tagged(doc: Doc, tag: string, write: () => void): void {
  const root = structureRoots.get(doc);
  if (root) root.add(doc.struct(tag, {}, [write]));
  else write();
}

function heading(doc: Doc, text: string, level: 1 | 2 | 3): void {
  const size = { 1: 18, 2: 14, 3: 12 }[level];
  if (level === 1 && doc.y > doc.page.margins.top + 10) doc.addPage();
  doc
    .moveDown(level === 1 ? 0 : 0.6)
    .font('Helvetica-Bold')
    .fontSize(size)
    .fillColor(level === 1 ? '#16728c' : '#000000');
  tagged(doc, `H${level}`, () => doc.text(pdfText(text)));
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#000000');
}

function line(doc: Doc, text: string, options: { indent?: number; bold?: boolean; size?: number } = {}): void {
  doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 10);
  tagged(doc, 'P', () => doc.text(pdfText(text), { indent: options.indent ?? 0 }));
}

type Context = {
  input: DocumentationInput;
  labels: Labels;
  describe: RuleDescriber;
  enumValues: Map<string, { code: string; label: string }[]>;
};

function children(fields: readonly DataFieldDefinition[], parentId: string | null): DataFieldDefinition[] {
  return fields.filter((f) => (f.parentFieldDefinitionId ?? null) === parentId).sort((a, b) => a.order - b.order);
}

function fieldSummary(ctx: Context, field: DataFieldDefinition): string {
  const parts = [fieldTypeNames[field.definitionType] ?? field.definitionType];
  const settings = field.definition;
  if (settings?.valueType) parts.push(valueTypeNames[settings.valueType] ?? settings.valueType);
  if (settings?.enumValueSetIdentifier) parts.push(`Aufzählung ${settings.enumValueSetIdentifier}`);
  if (settings?.unit) parts.push(`Einheit ${settings.unit}`);
  if (settings?.therapistRequired) parts.push('Therapeut erforderlich');
  if (settings?.locationRequired) parts.push('Standort erforderlich');
  if (field.isReadonly) parts.push('schreibgeschützt');
  if (field.isDeleted) parts.push('gelöscht');
  return parts.join(', ');
}

/** Functional design: each field with type, settings and its rules in words. */
function designFields(ctx: Context, doc: Doc, fields: readonly DataFieldDefinition[], parentId: string | null, depth: number): void {
  for (const field of children(fields, parentId)) {
    line(doc, `${ctx.labels(field.displayKey)} (${field.identifier})`, { indent: depth * 14, bold: true });
    line(doc, fieldSummary(ctx, field), { indent: depth * 14 + 10 });
    for (const rule of field.rules) line(doc, `• ${ctx.describe.rule(rule)}`, { indent: depth * 14 + 10 });
    designFields(ctx, doc, fields, field.id, depth + 1);
  }
}

/** eCRF: the fields as a blank form with answer boxes. */
function formFields(ctx: Context, doc: Doc, fields: readonly DataFieldDefinition[], parentId: string | null, depth: number): void {
  for (const field of children(fields, parentId)) {
    if (field.isDeleted) continue;
    const required = field.rules.some((r) => r.definitionType === 'RequiredField' && !r.isDeleted) ? ' *' : '';
    const label = `${ctx.labels(field.displayKey)}${required}`;
    const indent = depth * 14;
    const set = field.definition?.enumValueSetIdentifier;
    const valueType = field.definition?.valueType;
    if (set) {
      line(doc, label, { indent, bold: true });
      line(doc, (ctx.enumValues.get(set) ?? []).map((v) => `☐ ${v.label}`).join('    '), { indent: indent + 10 });
    } else if (field.definitionType === 'TableEntry') {
      const blank =
        valueType === 'date'
          ? '__ . __ . ____'
          : valueType === 'number'
            ? `________ ${field.definition?.unit ?? ''}`
            : '______________________________';
      line(doc, `${label}:  ${blank}`, { indent });
    } else if (field.definitionType === 'NngmNetworkPartner' || field.definitionType === 'NngmNetworkLocation') {
      line(doc, `${label}:  ______________________________ (${fieldTypeNames[field.definitionType]})`, { indent });
    } else {
      line(doc, `${label} [${fieldTypeNames[field.definitionType] ?? field.definitionType}]`, { indent, bold: true });
    }
    formFields(ctx, doc, fields, field.id, depth + 1);
  }
}

/** eCRF view: one line per field with identifier, type and whether it is required. */
function viewFields(ctx: Context, doc: Doc, fields: readonly DataFieldDefinition[], parentId: string | null, depth: number): void {
  for (const field of children(fields, parentId)) {
    const required = field.rules.some((r) => r.definitionType === 'RequiredField' && !r.isDeleted) ? 'Pflicht' : 'optional';
    line(doc, `${field.order}  ${ctx.labels(field.displayKey)}  |  ${field.identifier}  |  ${fieldSummary(ctx, field)}  |  ${required}`, {
      indent: depth * 14,
      size: 9,
    });
    viewFields(ctx, doc, fields, field.id, depth + 1);
  }
}

type FieldWriter = (ctx: Context, doc: Doc, fields: readonly DataFieldDefinition[], parentId: string | null, depth: number) => void;

function instrumentSection(ctx: Context, doc: Doc, instrument: InstrumentDefinition, write: FieldWriter, withRules: boolean): void {
  heading(doc, `Instrument: ${ctx.labels(instrument.displayKey)} (${instrument.identifier})`, 3);
  if (withRules) for (const rule of instrument.rules ?? []) line(doc, `• ${ctx.describe.rule(rule)}`);
  write(ctx, doc, instrument.fields, null, 0);
}

function visitSections(ctx: Context, doc: Doc, write: FieldWriter, withRules: boolean): void {
  const study = ctx.input.definition;
  heading(doc, 'Patientendaten', 2);
  write(ctx, doc, study.patient.fields, null, 0);
  for (const visit of [...study.visits].sort((a, b) => a.order - b.order)) {
    heading(doc, `Visite: ${ctx.labels(visit.displayKey)} (${visit.identifier})`, 2);
    if (withRules) {
      line(
        doc,
        `${visit.definition.type === 'GenericVisit' ? 'Generische Visite' : 'Zwischenvisite'}, höchstens ${visit.definition.max ?? 'beliebig viele'}${visit.definition.isFollowUpRegistry ? ', Follow-up-Register (DigiNet)' : ''}`,
      );
      for (const rule of visit.rules) line(doc, `• ${ctx.describe.rule(rule)}`);
    }
    write(ctx, doc, visit.fields, null, 0);
    for (const instrument of [...visit.instruments].sort((a, b) => a.order - b.order))
      instrumentSection(ctx, doc, instrument, write, withRules);
  }
  if (study.standaloneInstruments.length > 0) {
    heading(doc, 'Eigenständige Instrumente', 2);
    for (const instrument of study.standaloneInstruments) instrumentSection(ctx, doc, instrument, write, withRules);
  }
}

function functionalDesign(ctx: Context, doc: Doc): void {
  const study = ctx.input.definition;
  heading(doc, documentationTitles.funcionalDesign, 1);
  heading(doc, 'Übersicht der Visiten', 2);
  for (const visit of [...study.visits].sort((a, b) => a.order - b.order)) {
    line(
      doc,
      `${ctx.labels(visit.displayKey)} (${visit.identifier}): ${visit.instruments.map((i) => ctx.labels(i.displayKey)).join(', ')}`,
    );
  }
  visitSections(ctx, doc, designFields, true);
  heading(doc, 'Aufzählungen', 2);
  for (const set of study.enumValueSets) {
    line(doc, set.identifier, { bold: true });
    line(doc, (ctx.enumValues.get(set.identifier) ?? []).map((v) => `${v.code} = ${v.label}`).join('; '), { indent: 10 });
  }
  heading(doc, 'Bedingungen', 2);
  for (const c of study.constraints) line(doc, `${c.identifier ?? c.id}: ${ctx.describe.constraint(c)}`);
  heading(doc, 'Query-Typen und Verifikations-Flags', 2);
  for (const q of study.queryTypes) {
    line(doc, `${q.displayKey ? ctx.labels(q.displayKey) : q.identifier} (${q.identifier})`, { bold: true });
    line(
      doc,
      `Ansehen: ${q.canView.join(', ')}; Anlegen: ${q.canCreate.join(', ')}; Beantworten: ${q.canAnswer.join(', ')}; Lösen: ${q.canSolve.join(', ')}`,
      { indent: 10 },
    );
  }
  for (const flag of study.verificationFlagTypes) line(doc, `Verifikations-Flag: ${ctx.labels(flag.displayKey)} (${flag.identifier})`);
}

function ecrf(ctx: Context, doc: Doc): void {
  heading(doc, documentationTitles.ecrf, 1);
  line(doc, 'Mit * gekennzeichnete Felder sind Pflichtfelder.');
  visitSections(ctx, doc, formFields, false);
}

function ecrfView(ctx: Context, doc: Doc): void {
  heading(doc, documentationTitles['ecrf-view'], 1);
  line(doc, 'Reihenfolge  Bezeichnung  |  Kennung  |  Typ  |  Pflicht');
  visitSections(ctx, doc, viewFields, false);
}

export function renderDocumentation(input: DocumentationInput): Promise<Buffer> {
  const { definition, labels } = input;
  const index = indexStudyDefinition(definition);
  const visitKeys = new Map(definition.visits.map((v) => [v.identifier, v.displayKey]));
  const instrumentKeys = new Map([...index.instrumentByIdentifier].map(([identifier, i]) => [identifier, i.displayKey]));
  const ctx: Context = {
    input,
    labels,
    describe: ruleDescriber(labels, definition.constraints, [...index.fieldById.values()], visitKeys, instrumentKeys),
    enumValues: new Map(
      definition.enumValueSets.map((s) => [
        s.identifier,
        [...s.values].sort((a, b) => a.order - b.order).map((v) => ({ code: v.code, label: labels(v.displayKey) })),
      ]),
    ),
  };
  const title = documentationTitles[input.kind];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    displayTitle: true,
    lang: input.languageIdentifier,
    info: { Title: pdfText(`${title}: ${definition.displayName}`), Author: 'eCRF Register' },
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  structureRoots.set(doc, root);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(24).fillColor('#16728c');
  tagged(doc, 'H1', () => doc.text(pdfText(title)));
  doc.moveDown().font('Helvetica').fontSize(12).fillColor('#000000');
  line(doc, `Studiendefinition: ${definition.displayName} (${definition.identifier})`, { size: 12 });
  line(doc, `Version ${definition.version}, Sprache ${input.languageIdentifier}`, { size: 12 });
  line(
    doc,
    `Erstellt am ${input.createdAt.toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' })}`,
    { size: 12 },
  );
  line(
    doc,
    `${definition.visits.length} Visiten, ${index.instrumentById.size} Instrumente, ${index.fieldById.size} Felder, ${definition.enumValueSets.length} Aufzählungen`,
    { size: 12 },
  );
  if (input.kind === 'funcionalDesign' || input.kind === 'complete') functionalDesign(ctx, doc);
  if (input.kind === 'ecrf' || input.kind === 'complete') ecrf(ctx, doc);
  if (input.kind === 'ecrf-view' || input.kind === 'complete') ecrfView(ctx, doc);
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    // Not content: assistive technology skips the page numbers.
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(`Seite ${page + 1} von ${range.count}`, 50, doc.page.height - 35, { align: 'center', width: doc.page.width - 100 });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
