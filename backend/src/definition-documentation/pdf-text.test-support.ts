/** Test support: the text of a PDF, page by page, read with PDF.js (the test proves the PDF opens). */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** PDF.js reads the metrics of the 14 standard fonts from its own package. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function pdfPages(data: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data, standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.destroy();
  return pages;
}

type StructNode = { role?: string; children?: StructNode[] };

/** Whether the PDF is marked as tagged, and the structure roles of its pages in reading order. */
export async function pdfTags(data: Uint8Array): Promise<{ marked: boolean; roles: string[] }> {
  const pdf = await getDocument({ data, standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const markInfo = await pdf.getMarkInfo();
  const roles: string[] = [];
  const walk = (node: StructNode) => {
    if (node.role) roles.push(node.role);
    for (const child of node.children ?? []) walk(child);
  };
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const tree = (await (await pdf.getPage(number)).getStructTree()) as StructNode | null;
    if (tree) walk(tree);
  }
  await pdf.destroy();
  return { marked: markInfo?.Marked === true, roles };
}
