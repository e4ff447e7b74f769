import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.data/**',
      '.infra/**',
      '.lts/**',
      'dist/**',
      'bench/results/**',
      'docs/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
