import js from '@eslint/js';
import playwright from 'eslint-plugin-playwright';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'reports/',
      'openapi/',
      '.stryker-tmp/',
      '.tokens/',
      'schemas/validators.generated.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['tests/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Conformance checks live in small named helpers (tests/support/checks.ts) that call expect.
      'playwright/expect-expect': ['error', { assertFunctionPatterns: ['^expect', '^check[A-Z]'] }],
      // Skips are conditional on target abilities and always carry a reason string.
      'playwright/no-skipped-test': ['error', { allowConditional: true }],
    },
  },
  {
    // The project's own tests walk generated data and collect what breaks a rule, then assert once on the
    // collection: a conditional there gathers evidence, it never decides whether a check runs.
    files: ['tests/self/**/*.ts'],
    rules: { 'playwright/no-conditional-in-test': 'off' },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
