import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const forbiddenInDomain = [
  '@nestjs/*',
  'typeorm',
  'kafkajs',
  'ioredis',
  'pg',
  'pino',
  '@pft/platform',
  '@pft/platform/*',
  '@pft/event-store',
  '@pft/event-store/*',
  '@pft/projections',
  '@pft/projections/*',
  '@pft/access',
  '@pft/access/*',
  '@pft/schema',
  '@pft/schema/*',
];

const KAFKAJS = {
  regex: '^kafkajs(/|$)',
  message: 'Use the Kafka port (@pft/platform), not kafkajs.',
};
const PLATFORMATIC_KAFKA = {
  regex: '^@platformatic/kafka(/|$)',
  message: 'Use the Kafka port (@pft/platform), not @platformatic/kafka.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-test/**',
      'node_modules/**',
      '.stack/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.jest },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The pilot web app runs in the browser: its globals, not Node's.
    files: ['apps/pilot-web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Kafka is reached through the port (libs/platform/src/kafka/kafka.port.ts); only each
    // adapter speaks to its client library, so a library can be swapped in one place.
    files: ['**/*.ts'],
    ignores: ['libs/platform/src/kafka/kafkajs/**', 'libs/platform/src/kafka/platformatic/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [KAFKAJS, PLATFORMATIC_KAFKA] }] },
  },
  {
    files: ['libs/platform/src/kafka/kafkajs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PLATFORMATIC_KAFKA] }] },
  },
  {
    files: ['libs/platform/src/kafka/platformatic/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [KAFKAJS] }] },
  },
  {
    files: ['libs/*/src/domain/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbiddenInDomain,
              message: "A context's domain/ and libs/contracts are pure: no framework or I/O imports.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e-spec.ts',
      '**/*.test-support.ts',
      'libs/testing/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
