import { XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { XmlWriter } from './xml-writer.js';

function written(build: (writer: XmlWriter) => void): string {
  let xml = '';
  const writer = new XmlWriter((chunk) => (xml += chunk));
  build(writer);
  return xml;
}

/** Parsed by libxml2: the attribute `v` and the text of the root element. */
function parsed(xml: string): { attribute: string; text: string } {
  const document = XmlDocument.fromString(xml);
  try {
    return { attribute: String(document.eval('string(/a/@v)')), text: String(document.eval('string(/a)')) };
  } finally {
    document.dispose();
  }
}

describe('the XML writer of the ODM export', () => {
  it.each(['&amp; &lt;x&gt; & < > " \'', 'Zeile 1\nZeile 2\r\nZeile 3\rEnde', '\tEinzug', 'Umlaute äöü ß 😀'])(
    'writes %j so that a parser reads it back exactly, in an attribute and as text',
    (value) => {
      const xml = written((w) => w.dec({ version: '1.0', encoding: 'UTF-8' }).ele('a', { v: value }).txt(value).up().end());
      expect(parsed(xml)).toEqual({ attribute: value, text: value });
    },
  );

  it('replaces characters XML 1.0 cannot hold with U+FFFD, so the document stays well-formed', () => {
    const xml = written((w) => w.ele('a', { v: 'a\u0001b\u000Bc\uD800' }).txt('\u001F').up());
    expect(parsed(xml)).toEqual({ attribute: 'a\uFFFDb\uFFFDc\uFFFD', text: '\uFFFD' });
  });

  it('nests and indents elements, closes empty ones and leaves out undefined attributes', () => {
    const xml = written((w) => w.ele('a', { x: '1', y: undefined }).ele('b').txt('t').up().ele('c').up().end());
    expect(xml).toBe('\n<a x="1">\n  <b>t</b>\n  <c/>\n</a>\n');
  });
});
