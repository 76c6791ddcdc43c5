// Types of eslint.architecture.js, for the test that proves its rules fire (server/test/architecture-lint.test.ts).
export interface ServerFloor {
  name: string;
  /** Patterns from the repository's root. */
  paths: string[];
  holds: string;
}
export const SERVER_FLOORS: ServerFloor[];
export const SERVER_TEST_FILES: string[];
export function architectureZones(options?: { floors?: boolean }): unknown[];
