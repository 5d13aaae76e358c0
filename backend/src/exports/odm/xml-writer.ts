/**
 * A streaming XML writer for the ODM export: each element is written as it is added, so the document is never
 * held whole. It replaces xmlbuilder2's callback builder, which loses values (issue 27 item 4, seen in the export
 * round trip): it leaves `&amp;`, `&lt;`, … in a text as they are, so the text "&amp;" reads back as "&" (its
 * issue 117), and it writes line breaks and tabs into attribute values literally, which every XML parser reads
 * as spaces (XML 1.0 §3.3.3). Here every character is escaped so a parser reads the value back exactly. Element
 * and attribute names are the export's own constants and are not checked.
 */

/** Characters XML 1.0 cannot hold at all, even as a character reference: they become U+FFFD. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the control characters are what this matches
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\n': '&#xA;', '\t': '&#x9;' };

const escaped = (text: string, escapes: Record<string, string>, pattern: RegExp) =>
  text.replace(NOT_XML, '\uFFFD').replace(pattern, (c) => escapes[c] ?? c);
const text = (value: string) => escaped(value, TEXT_ESCAPES, /[&<>\r]/g);
const attribute = (value: string) => escaped(value, ATTRIBUTE_ESCAPES, /[&<>"\r\n\t]/g);

type Open = { name: string; started: boolean; hasElements: boolean };

export class XmlWriter {
  private readonly open: Open[] = [];

  /** `write` receives the document in pieces, in order. Elements are indented by two spaces a level. */
  constructor(private readonly write: (chunk: string) => void) {}

  dec(options: { version: string; encoding: string }): this {
    this.write(`<?xml version="${options.version}" encoding="${options.encoding}"?>`);
    return this;
  }

  /** Opens an element (attributes in the given order; undefined ones left out). */
  ele(name: string, attributes: Readonly<Record<string, string | undefined>> = {}): this {
    const parent = this.open.at(-1);
    this.closeStartTag();
    if (parent) parent.hasElements = true;
    const pairs = Object.entries(attributes).flatMap(([key, value]) => (value === undefined ? [] : [` ${key}="${attribute(value)}"`]));
    this.write(`\n${'  '.repeat(this.open.length)}<${name}${pairs.join('')}`);
    this.open.push({ name, started: false, hasElements: false });
    return this;
  }

  txt(content: string): this {
    this.closeStartTag();
    this.write(text(content));
    return this;
  }

  /** Closes the current element. */
  up(): this {
    const element = this.open.pop();
    if (!element) throw new Error('no element is open');
    if (!element.started) this.write('/>');
    else this.write(`${element.hasElements ? `\n${'  '.repeat(this.open.length)}` : ''}</${element.name}>`);
    return this;
  }

  /** Closes what is still open and ends the document with a line break. */
  end(): void {
    while (this.open.length > 0) this.up();
    this.write('\n');
  }

  private closeStartTag(): void {
    const current = this.open.at(-1);
    if (current && !current.started) {
      this.write('>');
      current.started = true;
    }
  }
}
