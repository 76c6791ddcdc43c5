import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each console test starts on an empty page with the real globals: what one test rendered or stubbed
// (fetch, XMLHttpRequest) never reaches the next.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
