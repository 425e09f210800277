// Public surface of the previews module (issue 16, ours): the details page's preview of an image,
// audio or video version. It owns no table: files come from the versions module, policies from the
// policies module, contracts' verdicts from the auths module (listed before it).
import { defineModule } from '../../platform/modules';
import type { AuthService } from '../auths';
import type { PolicyCatalog } from '../policies';
import type { ResourceQueries } from '../resources';
import type { VersionService } from '../versions';
import { registerPreviewRoutes } from './routes';
import { PreviewService } from './service';

export type { PreviewService } from './service';

type PreviewNeeds = {
  versions: VersionService;
  resourceQueries: ResourceQueries;
  policies: PolicyCatalog;
  auths: AuthService;
};

export const previewsModule = defineModule({
  name: 'previews',
  services: (_context, { versions, resourceQueries, policies, auths }: PreviewNeeds) => ({
    previews: new PreviewService({ versions, resources: resourceQueries, policies, auths }),
  }),
  routes: (app, { previews }) => registerPreviewRoutes(app, previews),
});
