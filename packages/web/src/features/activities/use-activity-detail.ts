import { useQuery } from '@tanstack/react-query';
import { activityEndpoints } from '@tessera/contract/endpoints/activities';
import { useEffect } from 'react';
import { useApiClient } from '../../shared/api';
import { browserLocation } from '../../shared/browser/location';
import { judgeFindAnswer, type ActivityDetail, type ActivityPageState } from './activity-detail';

export interface ActivityDetailView {
  pageState: ActivityPageState;
  detail: ActivityDetail | null;
}

/**
 * Loads one activity. Nothing happens without an id. A redirect campaign replaces the whole page
 * with its address and the view stays loading meanwhile. Nothing is kept once the page is left
 * (gcTime 0), so the state starts over when the id changes or the page is left (SPEC §4).
 */
export function useActivityDetail(activityID: string | undefined): ActivityDetailView {
  const api = useApiClient();
  const query = useQuery({
    queryKey: ['activities', 'find4Client', activityID],
    queryFn: ({ signal }) =>
      api.call(activityEndpoints.findForClient, { query: { _id: activityID ?? '' } }, { signal }),
    enabled: Boolean(activityID),
    retry: false,
    gcTime: 0,
  });
  const outcome = query.isError
    ? ({ kind: 'noDate' } as const)
    : query.isSuccess
      ? judgeFindAnswer(query.data, new Date())
      : null;
  const redirectTo = outcome?.kind === 'redirect' ? outcome.address : null;
  useEffect(() => {
    if (redirectTo) browserLocation.replace(redirectTo);
  }, [redirectTo]);

  if (!outcome || outcome.kind === 'redirect') return { pageState: 'loading', detail: null };
  if (outcome.kind === 'noDate') return { pageState: 'noDate', detail: null };
  return { pageState: 'loaded', detail: outcome.detail };
}
