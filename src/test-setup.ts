import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A page that loads its code on first visit (lazy routes) can take more than the default second to appear when
// the machine is busy with other tests: findBy/waitFor wait up to 5 s. A test that passes waits no longer.
configure({ asyncUtilTimeout: 5_000 });

// Each console test starts on an empty page with the real globals: what one test rendered or stubbed
// (fetch, XMLHttpRequest) never reaches the next.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
