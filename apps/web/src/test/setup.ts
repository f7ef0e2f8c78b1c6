import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages and their first fetch can take over a second on a loaded two-core CI machine; a
// findBy* that gives up after the default 1 s fails there while the screen is right.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine reads; these stand-ins answer "desktop, nothing observed".
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  if (!window.HTMLElement.prototype.scrollIntoView) {
    window.HTMLElement.prototype.scrollIntoView = () => {};
  }
  // Mantine's autosize listens for web fonts loading; jsdom has no FontFaceSet.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
}

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') window.localStorage.clear();
});
