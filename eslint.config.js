import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layers.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.local',
      'cdk.out',
      'dist',
      'web/dist',
      'coverage',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
          message:
            "Use `import * as z from 'zod'`: the `z` namespace export pulls every locale into each Lambda bundle.",
        },
        {
          selector: "ImportDeclaration[source.value='electrodb'] > ImportSpecifier[imported.name='Entity']",
          message:
            'Import Entity from functions/lib/entity: its models are validated once in CI, not at every cold start.',
        },
      ],
    },
  },
  {
    // The layers and which way imports go (docs/layers.md).
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'tools/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { boundaries: layers },
    rules: { 'boundaries/layers': 'error', 'boundaries/no-cycle': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
