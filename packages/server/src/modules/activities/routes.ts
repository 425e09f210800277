import type { FastifyInstance } from 'fastify';
import { successSerializedOnce } from '../../platform/envelope';
import { plainQueryOf } from '../../platform/http/visitor-lane';
import { Envelope, PageOf } from '@tessera/contract/common';
import { ActivityWire, FindForClientQuery, ListForClientQuery } from '@tessera/contract/activities';
import type { ActivityService } from './service';

export function registerActivityRoutes(app: FastifyInstance, activities: ActivityService): void {
  // The service hands out the same page and activity objects until the published ones change.
  const sendPage = successSerializedOnce();
  const sendActivity = successSerializedOnce();
  app.get<{ Querystring: ListForClientQuery }>(
    '/v2/activities/list4Client',
    {
      schema: {
        tags: ['activities'],
        summary: 'Published activities, in display order',
        querystring: ListForClientQuery,
        response: { 200: Envelope(PageOf(ActivityWire)) },
      },
    },
    async (request, reply) => sendPage(reply, await activities.listForClient(request.query, request.language)),
  );

  app.get<{ Querystring: FindForClientQuery }>(
    '/v2/activities/find4Client',
    {
      schema: {
        tags: ['activities'],
        summary: 'One published activity; errCode 2 when unknown, draft or paused',
        querystring: FindForClientQuery,
        response: { 200: Envelope(ActivityWire) },
      },
    },
    async (request, reply) => sendActivity(reply, await activities.findForClient(request.query._id, request.language)),
  );

  app.visitorLane.add('/v2/activities/list4Client', (query, language) => {
    const paging = plainQueryOf(ListForClientQuery, query);
    const view = paging && activities.heldClientView(language);
    return view && sendPage.keptBody(view.page(paging.skip, paging.limit));
  });
  app.visitorLane.add('/v2/activities/find4Client', (query, language) => {
    const id = plainQueryOf(FindForClientQuery, query)?._id;
    const activity = id === undefined ? undefined : activities.heldClientView(language)?.byId.get(id);
    return activity && sendActivity.keptBody(activity);
  });
}
