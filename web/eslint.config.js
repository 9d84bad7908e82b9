import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Code fetched on demand is drawn once the whole stylesheet applies (src/lib/lazy.ts).
const reactLazy = { name: 'react', importNames: ['lazy'], message: "Import lazy from '@/lib/lazy', which waits for the whole stylesheet." };

export default tseslint.config(
  // src/api/schema.d.ts is openapi-typescript's output, checked by `npm run check:api` instead.
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results', 'src/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowExportNames: ['Component', 'loader'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The blocks below restrict more imports in features and shared code, and name this one again.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [reactLazy] }] },
  },
  {
    // Imports flow shared -> features -> app: a feature never imports another feature or the app,
    // but for another feature's query keys (api/keys.ts), so that a feature refreshing another's
    // data names its keys from their one factory, and for the cart's API types
    // (features/cart/api-types.ts), the one file that names the shapes of the cart, checkout,
    // address-book, delivery and tax routes for every feature that shows them.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // A schema takes `z` from lib/zod, which sets Zod up for the shop's Content-Security-Policy.
          paths: [{ name: 'zod', message: "Import z from '@/lib/zod'." }, reactLazy],
          patterns: [
            {
              regex: '^(@/features/(?![^/]+/api/keys$|cart/api-types$)|@/app/|\\.\\./\\.\\./)',
              message:
                "Use relative imports inside a feature; share code through components/ or lib/ (another feature's api/keys, or the cart's api-types, is fine).",
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code (components, lib, config) imports neither features nor the app.
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reactLazy],
          patterns: [
            { group: ['@/features/*', '@/app/*', '../../*'], message: 'Use relative imports inside a feature; share code through components/ or lib/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', '*.config.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
