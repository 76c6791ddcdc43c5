import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import {
  architectureZones,
  SERVER_TEST_FILES,
  ENGINE_IMPORT_ALLOWED,
  ENGINE_IMPORT_FILES,
  engineImportRestrictions,
} from './eslint.architecture.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The console has one API layer: only src/api may talk to the network.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the hooks in src/api.' }],
    },
  },
  { files: ['src/api/**'], rules: { 'no-restricted-globals': 'off' } },
  {
    // The layers hold by rule (docs/architecture.md): see eslint.architecture.js for the zones.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // no-cycle reads the imported files themselves: it must know TypeScript files and how to parse them.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: architectureZones() }],
      // No import circles anywhere: a circle is two floors (or two files) that cannot be read one after the other.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests stand outside the server's floors (they build and probe any of them); the other zones still hold.
    files: SERVER_TEST_FILES,
    rules: { 'import/no-restricted-paths': ['error', { zones: architectureZones({ floors: false }) }] },
  },
  {
    // Only engines/ and store/ touch DuckDB itself (docs/architecture.md).
    files: ENGINE_IMPORT_FILES,
    ignores: ENGINE_IMPORT_ALLOWED,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', engineImportRestrictions()] },
  },
  prettier,
);
