import { ACTIVITY_LIST_LIMIT, type ActivityWire, type ApiEnvelope, type Page } from '@tessera/domain';
import { ApiError, type ApiClient } from '../../shared/api';

/** GET /v2/activities/list4Client: every activity visitors may see (SPEC §7, API §3.1). */
export async function listClientActivities(api: ApiClient, signal?: AbortSignal): Promise<ActivityWire[]> {
  const envelope = await api.get<Page<ActivityWire> | null>('/activities/list4Client', {
    params: { limit: ACTIVITY_LIST_LIMIT },
    signal,
  });
  if (envelope.errCode !== 0) throw new ApiError(envelope.msg, { envelope });
  return envelope.data?.dataList ?? [];
}

/** GET /v2/activities/find4Client: the envelope as received, the page judges ret, errCode and data. */
export function findClientActivity(
  api: ApiClient,
  activityID: string,
  signal?: AbortSignal,
): Promise<ApiEnvelope<ActivityWire | null>> {
  return api.get<ActivityWire | null>('/activities/find4Client', { params: { _id: activityID }, signal });
}
