// The one place that leaves the single-page app for another address. Kept as an object so that
// tests can observe whole-page navigations, which jsdom does not perform.
export const browserLocation = {
  href(): string {
    return window.location.href;
  },
  replace(url: string): void {
    window.location.replace(url);
  },
};

export type BrowserLocation = typeof browserLocation;
