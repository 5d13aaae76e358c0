/**
 * The demo registry's news and documents (issue 13): the release notes of eCRF 1.30.6 and a note for DigiNet
 * centres (news), a documentation guide and consent notes (documents) and the legend of states and symbols. The
 * files are small PDFs written with pdfkit at seed time, so the demo needs no binary fixtures and every PDF is a
 * real one. Added to a database that lacks them, audited as the system; nobody has read them, so every demo
 * sign-in of non-admin type is forwarded to the news after signing in.
 */
import { createHash } from 'node:crypto';
import type { NewsDocumentMetadata } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import type { DB } from '../__generated__/database.js';
import { SYSTEM_ACTOR, audit } from '../audit/audit.service.js';
import { pdfText } from '../definition-documentation/documentation-pdf.js';
import { identifierTaken, insertNewsDocument, insertVersion } from './news-documents.sql.js';

type Section = { heading: string; items: string[] };
export type DemoNewsDocument = NewsDocumentMetadata & { fileName: string; sections: Section[] };

export const DEMO_NEWS_DOCUMENTS: readonly DemoNewsDocument[] = [
  {
    identifier: 'release-1.30.6',
    kind: 'News',
    title: 'eCRF-Version 1.30.6: Was ist neu?',
    description: 'Versionshinweise zum Update des eCRF im nNGM-Lungenkrebsregister.',
    order: 0,
    tags: ['Release', 'Version 1.30.6'],
    digiNetOnly: false,
    fileName: 'Versionshinweise-eCRF-1.30.6.pdf',
    sections: [
      {
        heading: 'Neu in dieser Version',
        items: [
          'News und Dokumente: Versionshinweise, Leitfäden und die Legende finden Sie im Menü unter „Dokumente“. Nach einem Update leitet Sie das eCRF nach der Anmeldung zu den News weiter.',
          'E-Learning: Verlangt eine Studie für Ihre Rolle ein E-Learning, absolvieren Sie es vor Ihrer ersten Dokumentation. Die Patientenseiten führen Sie dorthin.',
          'Projekte: Patientinnen und Patienten können Forschungsprojekten zugeordnet werden (Schaltfläche „Projekte“ auf der Patientenseite).',
          'Terminologien: Lokalisation (ICD-10-GM) und Morphologie (ICD-O-3) der Diagnose wählen Sie aus durchsuchbaren Katalogen.',
        ],
      },
      {
        heading: 'Verbesserungen',
        items: [
          'Druckansichten der Visiten tragen auf jeder Seite Patient, Dokument und Seitenzahl.',
          'Gelöschte Visiten erscheinen nicht mehr in der Patientenübersicht; ihr Verlauf bleibt im Audit-Trail erhalten.',
          'Exporte lassen sich während der Erstellung abbrechen; der Fortschritt wird laufend angezeigt.',
        ],
      },
      {
        heading: 'Fragen?',
        items: ['Wenden Sie sich bitte an die Geschäftsstelle des Netzwerks (Support im Fuß jeder Seite).'],
      },
    ],
  },
  {
    identifier: 'diginet-follow-up-24-monate',
    kind: 'News',
    title: 'DigiNet: Follow-up-Visite 24 Monate nach der Baseline',
    description: 'Hinweise für DigiNet-Zentren zur Dokumentation der Follow-up-Visite.',
    order: 10,
    tags: ['DigiNet', 'Follow-up'],
    digiNetOnly: true,
    fileName: 'DigiNet-Follow-up-24-Monate.pdf',
    sections: [
      {
        heading: 'Wann ist die Visite fällig?',
        items: [
          'Die DigiNet-Follow-up-Visite wird zwei Jahre nach dem Datum der Baseline-Visite fällig. Der Kalender zeigt die anstehenden Visiten Ihrer Standorte.',
          'Ist die Patientin oder der Patient verstorben oder liegt der Vitalstatus A oder T vor, entfällt die Visite.',
        ],
      },
      {
        heading: 'Was ist zu dokumentieren?',
        items: ['Vitalstatus, Therapien seit der Baseline, Progress und die patientenberichteten Angaben des Fragebogens.'],
      },
    ],
  },
  {
    identifier: 'dokumentationsleitfaden',
    kind: 'Document',
    title: 'Leitfaden zur Dokumentation im nNGM-Lungenkrebsregister',
    description: 'Von der Registrierung bis zur signierten Baseline-Visite: die Schritte und ihre Regeln.',
    order: 0,
    tags: ['Leitfaden', 'Dokumentation'],
    digiNetOnly: false,
    fileName: 'Dokumentationsleitfaden-nNGM.pdf',
    sections: [
      {
        heading: '1. Patient registrieren',
        items: [
          'Prüfen Sie die Einwilligung, bevor Sie Daten erfassen. Name, Geburtsdatum und Versichertennummer speichert nur der Pseudonymisierungsdienst; im Register erscheint das Pseudonym.',
        ],
      },
      {
        heading: '2. Baseline-Visite dokumentieren',
        items: [
          'Legen Sie die Baseline an und füllen Sie Diagnose, Staging, Allgemeinzustand und Raucheranamnese aus. Pflichtfelder sind mit * markiert.',
          'Änderungen an abgeschlossenen oder signierten Visiten verlangen einen Änderungsgrund.',
        ],
      },
      {
        heading: '3. Signieren und Queries',
        items: [
          'Die Ärztin oder der Arzt signiert die vollständige Visite mit dem eigenen Passwort.',
          'Rückfragen des Datenmanagements (Queries) beantworten Sie direkt am Feld.',
        ],
      },
    ],
  },
  {
    identifier: 'einwilligung-hinweise',
    kind: 'Document',
    title: 'Hinweise zur Einwilligungserklärung (Version 4.1)',
    description: 'Was die Einwilligung abdeckt und wie ein Widerruf dokumentiert wird.',
    order: 10,
    tags: ['Einwilligung'],
    digiNetOnly: false,
    fileName: 'Hinweise-Einwilligung-4.1.pdf',
    sections: [
      {
        heading: 'Inhalt',
        items: [
          'Teilnahmeerklärung, Behandlungsvertrag und weitere Einwilligungen werden je Version im Instrument „Einwilligungen“ erfasst.',
          'Ein Widerruf wird mit Datum und Änderungsgrund dokumentiert; bereits übermittelte Daten bleiben pseudonymisiert.',
        ],
      },
    ],
  },
  {
    identifier: 'legende-status-und-symbole',
    kind: 'Legend',
    title: 'Legende: Status, Queries und Verifizierung',
    description: 'Die Status der Visiten und Instrumente, der Queries und der Quelldatenverifizierung im Überblick.',
    order: 0,
    tags: ['Legende'],
    digiNetOnly: false,
    fileName: 'Legende-Status-und-Symbole.pdf',
    sections: [
      {
        heading: 'Visiten und Instrumente',
        items: [
          'Neu: noch nichts erfasst.',
          'Unvollständig: Pflichtangaben fehlen.',
          'Vollständig: alle Pflichtangaben erfasst.',
          'Nicht durchgeführt: das Instrument entfällt.',
        ],
      },
      {
        heading: 'Queries',
        items: ['Offen, In Prüfung (beantwortet), Zurückgestellt, Nicht mehr relevant, Geschlossen.'],
      },
      {
        heading: 'Quelldatenverifizierung',
        items: ['Nicht verifiziert, Verifiziert, Verifizierung gebrochen (Wert geändert), Obsolet (Feld gelöscht).'],
      },
    ],
  },
];

/** A small, valid PDF of the document: title, description and its sections. */
export function demoPdf(document: DemoNewsDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: pdfText(document.title), Author: 'nNGM Geschäftsstelle' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.font('Helvetica-Bold').fontSize(18).fillColor('#16728c').text(pdfText(document.title));
    pdf.moveDown(0.5).font('Helvetica').fontSize(11).fillColor('#000000').text(pdfText(document.description));
    for (const section of document.sections) {
      pdf.moveDown(1).font('Helvetica-Bold').fontSize(13).text(pdfText(section.heading));
      pdf.moveDown(0.3).font('Helvetica').fontSize(11);
      for (const item of section.items) pdf.text(pdfText(`• ${item}`), { paragraphGap: 4 });
    }
    pdf.end();
  });
}

/** Adds the demo documents a database lacks (by identifier), each with its first version. */
export async function seedDemoNewsDocuments(db: Kysely<DB>): Promise<void> {
  for (const demo of DEMO_NEWS_DOCUMENTS) {
    if (await identifierTaken(db, demo.identifier)) continue;
    const content = await demoPdf(demo);
    const sha256 = createHash('sha256').update(content).digest('hex');
    await db.transaction().execute(async (trx) => {
      const id = await insertNewsDocument(trx, {
        identifier: demo.identifier,
        kind: demo.kind,
        title: demo.title,
        description: demo.description,
        sort_order: demo.order,
        tags: JSON.stringify(demo.tags),
        diginet_only: demo.digiNetOnly,
        created_by: SYSTEM_ACTOR.userName,
        changed_by: SYSTEM_ACTOR.userName,
      });
      await insertVersion(trx, {
        document_id: id,
        doc_version: 1,
        file_name: demo.fileName,
        content_type: 'application/pdf',
        size_bytes: content.length,
        sha256,
        content,
        uploaded_by: SYSTEM_ACTOR.userName,
      });
      const { identifier, kind, title, description, order, tags, digiNetOnly, fileName } = demo;
      await audit(trx, {
        actor: SYSTEM_ACTOR,
        tableName: 'news_document',
        recordId: id,
        operation: 'Create',
        newValue: { identifier, kind, title, description, order, tags, digiNetOnly, content: { docVersion: 1, fileName, sha256 } },
        reason: 'seed',
      });
    });
  }
}
