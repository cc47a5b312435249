import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "test/**/*.test.ts", "examples/**/*.test.ts"],
    // Two cores: files run in parallel across two workers; each test file builds its own database.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
