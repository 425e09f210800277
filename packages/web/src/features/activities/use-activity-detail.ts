import { useEffect, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { browserLocation } from '../../shared/browser/location';
import { judgeFindAnswer, type ActivityDetail, type ActivityPageState } from './activity-detail';
import { findClientActivity } from './activities-api';

export interface ActivityDetailView {
  pageState: ActivityPageState;
  detail: ActivityDetail | null;
}

const loading: ActivityDetailView = { pageState: 'loading', detail: null };

/**
 * Loads one activity. Nothing happens without an id. A redirect campaign replaces the whole page
 * with its address and the view stays loading meanwhile. The caller keys the page by id, so the
 * state starts over when the id changes or the page is left (SPEC §4).
 */
export function useActivityDetail(activityID: string | undefined): ActivityDetailView {
  const api = useApiClient();
  const [view, setView] = useState(loading);

  useEffect(() => {
    if (!activityID) return;
    const controller = new AbortController();
    findClientActivity(api, activityID, controller.signal).then(
      (envelope) => {
        if (controller.signal.aborted) return;
        const outcome = judgeFindAnswer(envelope, new Date());
        if (outcome.kind === 'redirect') browserLocation.replace(outcome.address);
        else if (outcome.kind === 'noDate') setView({ pageState: 'noDate', detail: null });
        else setView({ pageState: 'loaded', detail: outcome.detail });
      },
      () => {
        if (!controller.signal.aborted) setView({ pageState: 'noDate', detail: null });
      },
    );
    return () => controller.abort();
  }, [api, activityID]);

  return view;
}
