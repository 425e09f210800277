// Public surface of the i18n module: the translation texts (the server's messages, policy sentences,
// /i18n/texts.json). Other modules take `i18n` as a Translator.
import { seedTexts } from '@tessera/domain/i18n-texts';
import { defineModule } from '../../platform/modules';
import { i18nSeedTexts } from './migrations/0022_i18n_seed_texts';
import { I18nRepo } from './repo';
import { registerI18nRoutes } from './routes';
import { I18nService } from './service';

export { I18nService } from './service';
export type { I18nTextsTable } from './tables';

export const i18nModule = defineModule({
  name: 'i18n',
  services: ({ db, clock }) => ({ i18n: new I18nService(new I18nRepo(db), clock) }),
  routes: (app, { i18n }) => registerI18nRoutes(app, i18n),
  // New translation keys of this release reach the database (and the message cache) before the first request.
  ready: async ({ i18n }) => void (await i18n.loadSeed(seedTexts)),
  migrations: { '0022_i18n_seed_texts': i18nSeedTexts },
});
