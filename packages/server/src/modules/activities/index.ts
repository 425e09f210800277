// Public surface of the activities module (DOMAIN §2.20): the campaigns clients show, managed from
// the command line (`tessera admin activity …`).
import { defineModule } from '../../platform/modules';
import { runActivityCommand } from './cli';
import { loadDemoActivities } from './demo';
import { ActivityRepo } from './repo';
import { registerActivityRoutes } from './routes';
import { ActivityService } from './service';

export { ActivityService } from './service';
export type { ActivitiesTable } from './tables';

export const activitiesModule = defineModule({
  name: 'activities',
  services: ({ db, clock }) => ({ activities: new ActivityService(new ActivityRepo(db), clock) }),
  routes: (app, { activities }) => registerActivityRoutes(app, activities),
  admin: {
    area: 'activity',
    summary: 'manage activities: list, create, update, hide',
    run: (argv, { activities }, { print, context }) =>
      runActivityCommand(argv, {
        activities,
        utcOffsetMinutes: context.config.utcOffsetMinutes,
        now: () => context.clock.now(),
        print,
      }),
  },
  demo: [{ name: 'demo:activities', stage: 'data', load: loadDemoActivities }],
});
