import { connect } from "node:net";
import { defineConfig } from "vitest/config";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Whether something listens where DATABASE_URL points (the tests themselves report a wrong database or login). */
function postgresListening(): Promise<boolean> {
  const url = new URL(DATABASE_URL);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 5432), timeout: 1000 });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

// In CI the Postgres project always runs (and fails without a database); locally it is skipped, loudly.
const postgres = process.env.CI ? true : await postgresListening();
if (!postgres) console.warn(`\n[helpdesk] No PostgreSQL at ${DATABASE_URL}: skipping the end-to-end suite on Postgres.\n`);
const e2e = ["test/**/*.test.ts"];

const postgresProject = {
  extends: true as const,
  test: { name: "e2e:postgres", include: e2e, exclude: ["**/node_modules/**", "test/e2e/cli.test.ts"], env: { HELPDESK_TEST_STORAGE: "postgres" } },
};

export default defineConfig({
  test: {
    env: { DATABASE_URL },
    // Two cores: files run in parallel on two workers; each test file builds its own database.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["packages/*/src/**/*.test.ts", "examples/**/*.test.ts"] } },
      { extends: true, test: { name: "e2e:sqlite", include: e2e, env: { HELPDESK_TEST_STORAGE: "sqlite" } } },
      ...(postgres ? [postgresProject] : []),
    ],
  },
});
