/**
 * Writes one SubjectData (ODM 1.3.2 §3.1.4): the patient's own fields, one StudyEventData per visit (repeat
 * keys 1, 2, … per visit definition that repeats) with the visit's fields and instruments, and the standalone
 * instruments. Every ItemData carries the AuditRecord of the audit row that last wrote the field; a signed visit
 * carries its Signature.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import type { XmlWriter } from './xml-writer.js';
import { PATIENT_EVENT_OID, PATIENT_FORM_OID, STANDALONE_EVENT_OID, type OdmMetadata } from './odm-model.js';
import { odmItemValue } from './odm-values.js';

/** Who last wrote a field, when and why (an audit_trail row). */
export type FieldAudit = { userOid: string; at: Date; reason: string | null; sourceId: string };

export type OdmForm = { definitionId: string; fields: readonly DataFieldInstance[] };
export type OdmVisit = OdmForm & {
  signature: { userOid: string; signatureOid: string; signedAt: string } | null;
  instruments: readonly OdmForm[];
};
export type OdmSubject = {
  pseudonym: string;
  locationOid: string;
  fields: readonly DataFieldInstance[];
  visits: readonly OdmVisit[];
  standaloneInstruments: readonly OdmForm[];
  auditOf: (fieldId: string) => FieldAudit | undefined;
};

type Bucket = { groupOid: string; repeatKey: string | null; items: { itemOid: string; instance: DataFieldInstance }[] };

/** The ItemGroupData of a form: sections share their parent's repeat key, entries add their position to it. */
function itemGroups(metadata: OdmMetadata, fields: readonly DataFieldInstance[]): Bucket[] {
  const buckets = new Map<string, Bucket>();
  const bucket = (groupOid: string, repeatKey: string | null) => {
    const key = `${groupOid}|${repeatKey ?? ''}`;
    const found = buckets.get(key) ?? { groupOid, repeatKey, items: [] };
    buckets.set(key, found);
    return found;
  };
  const walk = (level: readonly DataFieldInstance[], repeatKey: string | null) => {
    const live = level.filter((f) => f.isDeleted !== true).sort((a, b) => a.order - b.order);
    for (const field of live) {
      const place = metadata.placeOfField.get(field.definitionId);
      if (place) bucket(place.groupOid, repeatKey).items.push({ itemOid: place.itemOid, instance: field });
      else if (metadata.entryDefinitionIds.has(field.definitionId)) {
        const position = String(live.filter((f) => f.definitionId === field.definitionId).indexOf(field) + 1);
        walk(field.childFields, repeatKey === null ? position : `${repeatKey}.${position}`);
      } else walk(field.childFields, repeatKey);
    }
  };
  walk(fields, null);
  return [...buckets.values()].filter((b) =>
    b.items.some((i) => odmItemValue(metadata.items.get(i.itemOid) ?? { valueKind: 'text' }, i.instance)),
  );
}

function writeAudit(cb: XmlWriter, audit: FieldAudit, locationOid: string): void {
  cb.ele('AuditRecord');
  cb.ele('UserRef', { UserOID: audit.userOid }).up();
  cb.ele('LocationRef', { LocationOID: locationOid }).up();
  cb.ele('DateTimeStamp').txt(audit.at.toISOString()).up();
  if (audit.reason) cb.ele('ReasonForChange').txt(audit.reason).up();
  cb.ele('SourceID').txt(audit.sourceId).up();
  cb.up();
}

function writeForm(
  cb: XmlWriter,
  metadata: OdmMetadata,
  subject: OdmSubject,
  form: { oid: string; repeatKey: string | null; fields: readonly DataFieldInstance[]; whenEmpty: boolean },
): void {
  if ((metadata.forms.get(form.oid)?.groupOids.length ?? 0) === 0) return;
  const groups = itemGroups(metadata, form.fields);
  if (groups.length === 0 && !form.whenEmpty) return;
  cb.ele('FormData', { FormOID: form.oid, ...(form.repeatKey ? { FormRepeatKey: form.repeatKey } : {}) });
  for (const group of groups) {
    cb.ele('ItemGroupData', { ItemGroupOID: group.groupOid, ...(group.repeatKey ? { ItemGroupRepeatKey: group.repeatKey } : {}) });
    for (const { itemOid, instance } of group.items) {
      const item = metadata.items.get(itemOid);
      const value = item ? odmItemValue(item, instance) : null;
      if (!value) continue;
      cb.ele('ItemData', value.kind === 'value' ? { ItemOID: itemOid, Value: value.value } : { ItemOID: itemOid, IsNull: 'Yes' });
      const audit = subject.auditOf(instance.id);
      if (audit) writeAudit(cb, audit, subject.locationOid);
      if (value.kind === 'null') {
        cb.ele('Annotation', { SeqNum: '1' });
        cb.ele('Comment').txt(value.storedText).up();
        cb.up();
      }
      cb.up();
    }
    cb.up();
  }
  cb.up();
}

/** 1, 2, … for each form of the same definition, in the order given. */
function repeatKeys<T extends { definitionId: string }>(forms: readonly T[]): Map<T, string> {
  const seen = new Map<string, number>();
  return new Map(
    forms.map((form) => {
      const next = (seen.get(form.definitionId) ?? 0) + 1;
      seen.set(form.definitionId, next);
      return [form, String(next)];
    }),
  );
}

export function writeSubjectData(cb: XmlWriter, metadata: OdmMetadata, subject: OdmSubject): void {
  cb.ele('SubjectData', { SubjectKey: subject.pseudonym });
  cb.ele('SiteRef', { LocationOID: subject.locationOid }).up();
  if (itemGroups(metadata, subject.fields).length > 0) {
    cb.ele('StudyEventData', { StudyEventOID: PATIENT_EVENT_OID });
    writeForm(cb, metadata, subject, { oid: PATIENT_FORM_OID, repeatKey: null, fields: subject.fields, whenEmpty: false });
    cb.up();
  }
  const visitKeys = repeatKeys(subject.visits);
  for (const visit of subject.visits) {
    const eventOid = metadata.visitEventOid(visit.definitionId);
    const event = metadata.events.find((e) => e.oid === eventOid);
    if (!event) continue;
    cb.ele('StudyEventData', { StudyEventOID: event.oid, ...(event.repeating ? { StudyEventRepeatKey: visitKeys.get(visit) } : {}) });
    if (visit.signature) {
      cb.ele('Signature');
      cb.ele('UserRef', { UserOID: visit.signature.userOid }).up();
      cb.ele('LocationRef', { LocationOID: subject.locationOid }).up();
      cb.ele('SignatureRef', { SignatureOID: visit.signature.signatureOid }).up();
      cb.ele('DateTimeStamp').txt(visit.signature.signedAt).up();
      cb.up();
    }
    const fieldsForm = metadata.visitFieldsFormOid(visit.definitionId);
    if (fieldsForm) writeForm(cb, metadata, subject, { oid: fieldsForm, repeatKey: null, fields: visit.fields, whenEmpty: false });
    for (const instrument of visit.instruments) {
      const oid = metadata.instrumentFormOid(instrument.definitionId);
      if (oid) writeForm(cb, metadata, subject, { oid, repeatKey: null, fields: instrument.fields, whenEmpty: true });
    }
    cb.up();
  }
  if (subject.standaloneInstruments.length > 0 && metadata.events.some((e) => e.oid === STANDALONE_EVENT_OID)) {
    const keys = repeatKeys(subject.standaloneInstruments);
    cb.ele('StudyEventData', { StudyEventOID: STANDALONE_EVENT_OID });
    for (const instrument of subject.standaloneInstruments) {
      const oid = metadata.instrumentFormOid(instrument.definitionId);
      if (oid)
        writeForm(cb, metadata, subject, { oid, repeatKey: keys.get(instrument) ?? null, fields: instrument.fields, whenEmpty: true });
    }
    cb.up();
  }
  cb.up();
}
