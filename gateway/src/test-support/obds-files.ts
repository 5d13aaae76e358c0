/**
 * oBDS 3.0.4 files written by the tests (issue 28 "Done when": the test writes the file for a demo patient). Each
 * builder gives the smallest content the schema takes; `oBDSFile` puts patients and their messages together.
 */

export type ObdsTestPerson = {
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  birthDate: string;
  /** oBDS code M, W, D, X, U */
  gender: string;
  /** street with house number, or null */
  street?: string | null;
  zip: string;
  city: string;
  /** statutory number (letter and nine digits), or null for a privately insured person without number */
  insuranceNumber: string | null;
};

const escape = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function insurance(person: ObdsTestPerson): string {
  return person.insuranceNumber
    ? `<Versichertendaten_GKV><IKNR>109519005</IKNR><GKV_Versichertennummer>${person.insuranceNumber}</GKV_Versichertennummer></Versichertendaten_GKV>`
    : '<Versichertendaten_PKV><IKNR>168141347</IKNR></Versichertendaten_PKV>';
}

/** `Tumorzuordnung` of a tumour (ICD-10-GM code) diagnosed on `date`. */
export function tumourAssignment(icd10: string, date: string, tumourId = '1'): string {
  return (
    `<Tumorzuordnung Tumor_ID="${tumourId}"><Primaertumor_ICD><Code>${icd10}</Code><Version>10 2024 GM</Version></Primaertumor_ICD>` +
    `<Diagnosedatum Datumsgenauigkeit="E">${date}</Diagnosedatum><Seitenlokalisation>R</Seitenlokalisation>` +
    `<Morphologie_ICD_O><Code>8140/3</Code><Version>33</Version></Morphologie_ICD_O></Tumorzuordnung>`
  );
}

/** A `Diagnose` report with a clinical TNM (T, N, M, UICC stage) and the ECOG. */
export function diagnosisReport(tnm: { t: string; n: string; m: string; uicc: string }, ecog = '1'): string {
  return (
    `<Diagnose><Primaertumor_Topographie_ICD_O><Code>C34.1</Code><Version>33</Version></Primaertumor_Topographie_ICD_O>` +
    `<Diagnosesicherung>7.2</Diagnosesicherung><cTNM><Version>8</Version><c_p_u_Praefix_T>c</c_p_u_Praefix_T><T>${tnm.t}</T>` +
    `<c_p_u_Praefix_N>c</c_p_u_Praefix_N><N>${tnm.n}</N><c_p_u_Praefix_M>c</c_p_u_Praefix_M><M>${tnm.m}</M>` +
    `<UICC_Stadium>${tnm.uicc}</UICC_Stadium></cTNM><Allgemeiner_Leistungszustand>${ecog}</Allgemeiner_Leistungszustand></Diagnose>`
  );
}

/** A `Pathologie` report with a histology, its grading and a pathological TNM. */
export function pathologyReport(finding: { morphology: string; grading: string; t: string; n: string; uicc: string }): string {
  return (
    `<Pathologie><Primaertumor_Topographie_ICD_O><Code>C34.1</Code><Version>33</Version></Primaertumor_Topographie_ICD_O>` +
    `<Diagnosesicherung>7.2</Diagnosesicherung><Histologie><Morphologie_ICD_O><Code>${finding.morphology}</Code><Version>33</Version></Morphologie_ICD_O>` +
    `<Grading>${finding.grading}</Grading></Histologie><pTNM><Version>8</Version><c_p_u_Praefix_T>p</c_p_u_Praefix_T><T>${finding.t}</T>` +
    `<c_p_u_Praefix_N>p</c_p_u_Praefix_N><N>${finding.n}</N><M>0</M><UICC_Stadium>${finding.uicc}</UICC_Stadium></pTNM>` +
    `<Einsender><unstrukturiert><Adresse1>Institut für Pathologie</Adresse1></unstrukturiert></Einsender></Pathologie>`
  );
}

/** A `SYST` report of a finished line with ATC-coded substances. */
export function systemicTherapyReport(line: { start: string; end: string; type: string; atc: string[] }): string {
  const substances = line.atc.map((code) => `<Substanz><ATC><Code>${code}</Code><Version>2024</Version></ATC></Substanz>`).join('');
  return (
    `<SYST><Meldeanlass>behandlungsende</Meldeanlass><Intention>P</Intention><Stellung_OP>O</Stellung_OP>` +
    `<Therapieart>${line.type}</Therapieart><Beginn Datumsgenauigkeit="E">${line.start}</Beginn>` +
    `<Menge_Substanz>${substances}</Menge_Substanz><Ende_Grund>E</Ende_Grund><Ende>${line.end}</Ende>` +
    `<Nebenwirkungen><Grad_maximal2_oder_unbekannt>K</Grad_maximal2_oder_unbekannt></Nebenwirkungen></SYST>`
  );
}

/** A `Verlauf` report of an examination: the overall assessment, the local status, a TNM with a metastasis, the ECOG. */
export function progressionReport(status: { date: string; overall: string; m: string; site: string; ecog: string }): string {
  return (
    `<Verlauf><Meldeanlass>statusaenderung</Meldeanlass><Untersuchungsdatum_Verlauf>${status.date}</Untersuchungsdatum_Verlauf>` +
    `<Gesamtbeurteilung_Tumorstatus>${status.overall}</Gesamtbeurteilung_Tumorstatus><Verlauf_Lokaler_Tumorstatus>T</Verlauf_Lokaler_Tumorstatus>` +
    `<Menge_FM><Fernmetastase><Diagnosedatum Datumsgenauigkeit="E">${status.date}</Diagnosedatum><Lokalisation>${status.site}</Lokalisation></Fernmetastase></Menge_FM>` +
    `<Histologie><Morphologie_ICD_O><Code>8140/3</Code><Version>33</Version></Morphologie_ICD_O><Grading>3</Grading></Histologie>` +
    `<TNM><Version>8</Version><T>2a</T><N>1</N><M>${status.m}</M></TNM>` +
    `<Allgemeiner_Leistungszustand>${status.ecog}</Allgemeiner_Leistungszustand></Verlauf>`
  );
}

/** A `Tod` report with its causes (ICD-10 codes). */
export function deathReport(death: { date: string; tumourRelated: string; causes: string[] }): string {
  const causes = death.causes
    .map((code) => `<Todesursache_ICD><Code>${code}</Code><Version>10 2024 GM</Version></Todesursache_ICD>`)
    .join('');
  return (
    `<Tod><Sterbedatum>${death.date}</Sterbedatum><Tod_tumorbedingt>${death.tumourRelated}</Tod_tumorbedingt>` +
    `${causes ? `<Menge_Todesursachen>${causes}</Menge_Todesursachen>` : ''}</Tod>`
  );
}

/** A `Tumorkonferenz` report with its recommended kinds of therapy. */
export function tumourBoardReport(board: { date: string; type: string; recommendations: string[] }): string {
  const recommendations = board.recommendations.map((code) => `<Typ_Therapieempfehlung>${code}</Typ_Therapieempfehlung>`).join('');
  return (
    `<Tumorkonferenz><Meldeanlass>diagnose</Meldeanlass><Datum Datumsgenauigkeit="E">${board.date}</Datum><Typ>${board.type}</Typ>` +
    `<Therapieempfehlung><Menge_Typ_Therapieempfehlung>${recommendations}</Menge_Typ_Therapieempfehlung>` +
    `<Abweichung_Patientenwunsch>N</Abweichung_Patientenwunsch></Therapieempfehlung></Tumorkonferenz>`
  );
}

/** One `Meldung`: its id, the tumour assignment and the report. */
export function obdsMessage(id: string, tumour: string, report: string): string {
  return `<Meldung Meldung_ID="${escape(id)}" Melder_ID="ME1"><Meldebegruendung>I</Meldebegruendung><Eigene_Leistung>J</Eigene_Leistung>${tumour}${report}</Meldung>`;
}

/** A whole file: each patient with its identity and its messages. */
export function obdsFile(patients: { person: ObdsTestPerson; messages: string[] }[]): string {
  const body = patients
    .map(
      ({ person, messages }, index) =>
        `<Patient Patient_ID="P${index + 1}"><Patienten_Stammdaten>${insurance(person)}` +
        `<Nachname>${escape(person.lastName)}</Nachname><Vornamen>${escape(person.firstName)}</Vornamen>` +
        `<Geschlecht>${person.gender}</Geschlecht><Geburtsdatum Datumsgenauigkeit="E">${person.birthDate}</Geburtsdatum>` +
        `<Adresse>${person.street ? `<Strasse>${escape(person.street)}</Strasse>` : ''}<PLZ>${person.zip}</PLZ><Ort>${escape(person.city)}</Ort></Adresse></Patienten_Stammdaten>` +
        `<Menge_Meldung>${messages.join('\n')}</Menge_Meldung></Patient>`,
    )
    .join('\n');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<oBDS xmlns="http://www.basisdatensatz.de/oBDS/XML" Schema_Version="3.0.4">\n` +
    `<Absender Absender_ID="KLINIK1" Software_ID="Registertest" Software_Version="1"/>\n<Meldedatum>2025-06-01</Meldedatum>\n` +
    `<Menge_Patient>\n${body}\n</Menge_Patient>\n<Menge_Melder><Melder ID="ME1"/></Menge_Melder>\n</oBDS>\n`
  );
}
