import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// jsdom has no CSS.escape; user-event needs it to move between radio buttons with arrow keys.
if (typeof globalThis.CSS?.escape !== 'function') {
  const escape = (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`);
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, escape }, configurable: true });
}

// What jsdom lacks and antd or CodeMirror ask for. The window is a 1280-pixel desktop: antd's
// Table and Form grid ask matchMedia which layout fits; CodeMirror measures text ranges.
const DESKTOP_WIDTH = 1280;
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string): MediaQueryList => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || DESKTOP_WIDTH >= Number(min[1])) && (!max || DESKTOP_WIDTH <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  },
});
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Range.prototype.getClientRects ??= function getClientRects() {
  return Object.assign([], { item: () => null }) as unknown as DOMRectList;
};
Range.prototype.getBoundingClientRect ??= function getBoundingClientRect() {
  return new DOMRect();
};
// jsdom lays nothing out; the rich-text editor (ProseMirror) asks which element is under a click.
document.elementFromPoint ??= () => null;

// The test browser prefers Chinese, the language the tests read by default (jsdom says en-US, which
// the page's language rule would follow on a first visit). A test of the rule stubs its own.
Object.defineProperty(window.navigator, 'languages', { configurable: true, get: () => ['zh-CN', 'zh'] });

// How long findBy/waitFor wait for a state: long enough for a loaded 2-core machine (a passing test never waits it out).
configure({ asyncUtilTimeout: 10_000 });

// Every test starts without cookies, cached texts or rendered components.
afterEach(() => {
  cleanup();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.localStorage.clear();
});

// React finishes scheduled work on a later tick (setImmediate); let it run while the window still
// exists, or it throws 'window is not defined' after the file's jsdom is torn down.
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 100));
});
