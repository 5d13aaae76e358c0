/**
 * Writes a MetaDataVersion (ODM 1.3.2 §3.1.1: Protocol, StudyEventDef, FormDef, ItemGroupDef, ItemDef,
 * CodeList, in the schema's order) from the model of odm-model.ts. Texts are German (`xml:lang="de"`).
 */
import type { OdmMetadata } from './odm-model.js';
import type { XmlWriter } from './xml-writer.js';

export const yesNo = (flag: boolean): 'Yes' | 'No' => (flag ? 'Yes' : 'No');

/** `<Name><TranslatedText xml:lang="de">text</TranslatedText></Name>` */
export function translated(cb: XmlWriter, element: string, text: string): void {
  cb.ele(element).ele('TranslatedText', { 'xml:lang': 'de' }).txt(text).up().up();
}

export function writeMetaDataVersion(cb: XmlWriter, mdv: { oid: string; name: string }, metadata: OdmMetadata): void {
  cb.ele('MetaDataVersion', { OID: mdv.oid, Name: mdv.name });
  cb.ele('Protocol');
  metadata.events.forEach((event, index) => {
    cb.ele('StudyEventRef', { StudyEventOID: event.oid, OrderNumber: String(index + 1), Mandatory: yesNo(event.mandatory) }).up();
  });
  cb.up();
  for (const event of metadata.events) {
    cb.ele('StudyEventDef', { OID: event.oid, Name: event.name, Repeating: yesNo(event.repeating), Type: event.type });
    event.formOids.forEach((formOid, index) => {
      cb.ele('FormRef', { FormOID: formOid, OrderNumber: String(index + 1), Mandatory: 'No' }).up();
    });
    cb.up();
  }
  for (const form of metadata.forms.values()) {
    if (form.groupOids.length === 0) continue;
    cb.ele('FormDef', { OID: form.oid, Name: form.name, Repeating: yesNo(form.repeating) });
    form.groupOids.forEach((groupOid, index) => {
      cb.ele('ItemGroupRef', { ItemGroupOID: groupOid, OrderNumber: String(index + 1), Mandatory: 'No' }).up();
    });
    cb.up();
  }
  for (const group of metadata.groups.values()) {
    cb.ele('ItemGroupDef', { OID: group.oid, Name: group.name, Repeating: yesNo(group.repeating) });
    group.itemOids.forEach((itemOid, index) => {
      const item = metadata.items.get(itemOid);
      cb.ele('ItemRef', { ItemOID: itemOid, OrderNumber: String(index + 1), Mandatory: yesNo(item?.mandatory ?? false) }).up();
    });
    cb.up();
  }
  for (const item of metadata.items.values()) {
    cb.ele('ItemDef', { OID: item.oid, Name: item.name, DataType: item.dataType });
    if (item.description) translated(cb, 'Description', item.description);
    translated(cb, 'Question', item.question);
    if (item.unitOid) cb.ele('MeasurementUnitRef', { MeasurementUnitOID: item.unitOid }).up();
    if (item.codeListOid) cb.ele('CodeListRef', { CodeListOID: item.codeListOid }).up();
    cb.up();
  }
  for (const codeList of metadata.codeLists) {
    if (codeList.items.length === 0) continue;
    cb.ele('CodeList', { OID: codeList.oid, Name: codeList.name, DataType: 'text' });
    codeList.items.forEach((entry, index) => {
      cb.ele('CodeListItem', { CodedValue: entry.code, OrderNumber: String(index + 1) });
      translated(cb, 'Decode', entry.decode);
      cb.up();
    });
    cb.up();
  }
  cb.up();
}
