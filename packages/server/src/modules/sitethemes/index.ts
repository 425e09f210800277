// Public surface of the site-themes module (issue 14): what a node site shows once a visitor may see
// it — the built-in default theme (default-theme/, default-site.ts) or the node's zipped theme app
// (theme-app.ts) — contributed to the node-site module's `nodeSiteTheme` port (renderer.ts dispatches).
import { defineModule } from '../../platform/modules';
import type { ExhibitSiteContent } from '../exhibits';
import type { I18nService } from '../i18n';
import { DefaultThemeSite } from './default-site';
import { SiteThemeRenderer } from './renderer';
import { ZipThemeSite } from './zip-theme';

export type { ActiveTheme, ThemeAppSite } from './theme-app';
export type { SiteThemeRenderer } from './renderer';

type SiteThemeNeeds = { exhibitSite: ExhibitSiteContent; i18n: Pick<I18nService, 'texts'> };

export const siteThemesModule = defineModule({
  name: 'sitethemes',
  services: (_context, { exhibitSite, i18n }: SiteThemeNeeds) => {
    const themeApp = new ZipThemeSite({ exhibits: exhibitSite });
    const defaultTheme = new DefaultThemeSite({ exhibits: exhibitSite, texts: () => i18n.texts() });
    return { siteThemes: new SiteThemeRenderer({ exhibits: exhibitSite, defaultTheme, themeApp }) };
  },
  ports: ({ siteThemes }) => ({ nodeSiteTheme: siteThemes }),
});
