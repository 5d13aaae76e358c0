import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import relay from 'eslint-plugin-relay';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/__generated__/**', 'data/**', 'backend/openapi.json'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // No import cycles (STYLE.md): modules stay layered, and rules/ never reaches back into a service.
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, relay },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Relay's own checks: valid graphql tags, fragment names, colocated spreads.
      'relay/graphql-syntax': 'error',
      'relay/graphql-naming': 'error',
      'relay/must-colocate-fragment-spreads': 'error',
      'relay/hook-required-argument': 'error',
    },
  },
  {
    // rules/ is isomorphic and pure: no Node, DOM or database imports (ARCHITECTURE.md)
    files: ['rules/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'pg', 'kysely', '@electric-sql/*', 'react*'] }],
    },
  },
  // Formatting is Prettier's (npm run format); eslint-config-prettier turns off the rules it would fight.
  prettier,
);
