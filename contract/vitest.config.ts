import { defineConfig } from 'vitest/config';
import { TEST_MS, expectDefaults } from '../testing/budgets.js';

export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: TEST_MS, expect: expectDefaults, setupFiles: ['../testing/wait-defaults.ts'] } });
