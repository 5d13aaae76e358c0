/**
 * libxml2's schema and parser messages in German words (issue 28: a refused file names what is wrong in German,
 * with the line and the element). The common messages of the XSD validation are translated; any other keeps
 * libxml2's own words after a German lead, so nothing the schema says is lost.
 */

/** One refusal of the file: the line, the element (local name) and the German text. */
export type ObdsSchemaError = { line: number; element: string | null; message: string };

const localName = (qualified: string): string => qualified.replace(/^\{[^}]*\}/, '');
const names = (list: string): string =>
  list
    .split(',')
    .map(
      (name) =>
        `„${localName(
          name
            .trim()
            .replace(/^\(|\)$/g, '')
            .trim(),
        )}“`,
    )
    .join(', ');

type Translation = [RegExp, (match: RegExpExecArray) => string];

const TRANSLATIONS: Translation[] = [
  [
    /\[facet 'pattern'\] The value '([^']*)' is not accepted by the pattern '([^']*)'/,
    (m) => `Der Wert „${m[1]}“ hat nicht das vorgeschriebene Format (${m[2]}).`,
  ],
  [
    /\[facet 'enumeration'\] The value '([^']*)' is not an element of the set \{([^}]*)\}/,
    (m) => `Der Wert „${m[1]}“ ist nicht zulässig; erlaubt sind ${m[2]}.`,
  ],
  [
    /\[facet '(minInclusive|maxInclusive)'\] The value '([^']*)' is (less|greater) than the (?:minimum|maximum) value allowed \('([^']*)'\)/,
    (m) => `Der Wert „${m[2]}“ liegt ${m[3] === 'less' ? 'vor dem kleinsten' : 'nach dem größten'} zulässigen Wert ${m[4]}.`,
  ],
  [
    /\[facet '(maxLength|minLength)'\] The value has a length of '(\d+)'; this (?:exceeds|underruns) the allowed (?:maximum|minimum) length of '(\d+)'/,
    (m) => `Der Wert hat ${m[2]} Zeichen; zulässig sind ${m[1] === 'maxLength' ? 'höchstens' : 'mindestens'} ${m[3]}.`,
  ],
  [/Missing child element\(s\)\. Expected is (?:one of )?\( ?(.*?) ?\)/, (m) => `Es fehlt ein Pflichtelement: ${names(m[1] ?? '')}.`],
  [
    /This element is not expected\. Expected is (?:one of )?\( ?(.*?) ?\)/,
    (m) => `Das Element ist hier nicht erlaubt; erwartet wird ${names(m[1] ?? '')}.`,
  ],
  [/This element is not expected\./, () => 'Das Element ist hier nicht erlaubt.'],
  [/The attribute '([^']*)' is required but missing/, (m) => `Das Pflichtattribut „${m[1]}“ fehlt.`],
  [/The attribute '([^']*)' is not allowed/, (m) => `Das Attribut „${m[1]}“ ist nicht erlaubt.`],
  [
    /'([^']*)' is not a valid value of the atomic type '([^']*)'/,
    (m) => `Der Wert „${m[1]}“ ist kein gültiger Wert des Typs ${localName(m[2] ?? '')}.`,
  ],
  [/'([^']*)' is not a valid value of the local atomic type/, (m) => `Der Wert „${m[1]}“ ist an dieser Stelle nicht zulässig.`],
  [
    /Duplicate key-sequence \['([^']*)'\] in unique identity-constraint '([^']*)'/,
    (m) => `Die Kennung „${m[1]}“ kommt mehrfach vor (${localName(m[2] ?? '')}).`,
  ],
  [
    /No match found for key-sequence \['([^']*)'\] of keyref '([^']*)'/,
    (m) => `Die Kennung „${m[1]}“ verweist auf keinen Melder (${localName(m[2] ?? '')}).`,
  ],
  [
    /No matching global declaration available for the validation root/,
    () => 'Das Wurzelelement ist nicht „oBDS“ im Namensraum http://www.basisdatensatz.de/oBDS/XML.',
  ],
  [/Character content other than whitespace is not allowed/, () => 'Text ist in diesem Element nicht erlaubt.'],
  [/Opening and ending tag mismatch: (\S+) line \d+ and (\S+)/, (m) => `Das Element „${m[1]}“ wird mit „${m[2]}“ geschlossen.`],
  [
    /Premature end of data|EndTag: '<\/' not found|Extra content at the end of the document/,
    () => 'Die Datei ist kein vollständiges XML-Dokument.',
  ],
  [/Start tag expected, '<' not found|Document is empty/, () => 'Die Datei enthält kein XML.'],
];

/** The element a libxml2 message names (`Element '{ns}T': …`). */
function elementOf(message: string): string | null {
  const match = /^Element '([^']+)'/.exec(message);
  return match?.[1] ? localName(match[1]).replace(/^@/, '') : null;
}

/** One libxml2 message in German. */
export function germanSchemaMessage(detail: { message: string; line: number }): ObdsSchemaError {
  const text = detail.message.trim();
  const element = elementOf(text);
  for (const [pattern, german] of TRANSLATIONS) {
    const match = pattern.exec(text);
    if (match) return { line: detail.line, element, message: german(match) };
  }
  return { line: detail.line, element, message: `Die Datei entspricht nicht dem oBDS-Schema (${text}).` };
}

/** The refusal as one line: `Zeile 28, Element „T“: …`. */
export function schemaErrorText(error: ObdsSchemaError): string {
  return `Zeile ${error.line}${error.element ? `, Element „${error.element}“` : ''}: ${error.message}`;
}
