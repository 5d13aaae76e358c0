import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One name per React component (issue 10): two components of one name make stack traces, React DevTools and
// imports ambiguous. A component is a PascalCase function, class or const exported from a .tsx module.
const sources = import.meta.glob<string>(['./**/*.tsx', '!./__generated__/**'], { query: '?raw', import: 'default', eager: true });

const isComponentName = (name: string) => /^[A-Z][A-Za-z0-9]*$/.test(name) && /[a-z]/.test(name);
const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The component names a module exports, by declaration or by a local `export { … }`. */
function exportedComponentNames(source: string, fileName = 'module.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names: string[] = [];
  for (const statement of file.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name && isExported(statement))
      names.push(statement.name.text);
    else if (ts.isVariableStatement(statement) && isExported(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && !statement.isTypeOnly && statement.exportClause)
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.push(element.name.text);
  }
  return names.filter(isComponentName);
}

describe('component names', () => {
  it('finds exported functions, classes, consts and export lists, not types or constants', () => {
    const source = [
      'export function PatientCard() { return null; }',
      'export const VisitRow = () => null;',
      'export class ErrorBoundary {}',
      'function Local() { return null; }',
      'export { Local };',
      'export type PatientProps = {};',
      'export const PAGE_SIZE = 25;',
      'export function usePatient() {}',
    ].join('\n');
    expect(exportedComponentNames(source)).toEqual(['PatientCard', 'VisitRow', 'ErrorBoundary', 'Local']);
  });

  it('no two .tsx modules in web/src export a component of the same name', () => {
    const modules = new Map<string, string[]>();
    for (const [path, source] of Object.entries(sources))
      for (const name of exportedComponentNames(source, path)) modules.set(name, [...(modules.get(name) ?? []), path]);
    const duplicates = [...modules].filter(([, paths]) => paths.length > 1).map(([name, paths]) => `${name}: ${paths.join(', ')}`);
    expect(duplicates).toEqual([]);
  });
});
