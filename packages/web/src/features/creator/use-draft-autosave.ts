import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api';
import { saveVersionDraft } from './creator-api';
import type { VersionDraftData } from './version-draft';

/** Wait after the last change before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 2000;

export const hhmm = (date: Date) =>
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

/**
 * Saves the draft of a resource's next version a moment after each change the user makes (`edited`
 * set), and tells when it last did ("HH:mm") and whether a change is not saved yet. Nothing is
 * saved before there is a resource.
 */
export function useDraftAutosave(
  resourceId: string | undefined,
  draft: VersionDraftData | null,
  edited: boolean,
): { savedAt: string | null; failed: boolean; pending: boolean } {
  const api = useApiClient();
  const [saved, setSaved] = useState<{ draft: VersionDraftData; at: string } | null>(null);
  // A failure shows until a later save succeeds, also while that one is on its way.
  const [failed, setFailed] = useState(false);
  const { mutate } = useMutation({
    mutationFn: ({ id, data }: { id: string; data: VersionDraftData }) => saveVersionDraft(api, id, data),
    onSuccess: (_, { data }) => {
      setSaved({ draft: data, at: hhmm(new Date()) });
      setFailed(false);
    },
    onError: () => setFailed(true),
  });
  useEffect(() => {
    if (!resourceId || !draft || !edited) return;
    const timer = setTimeout(() => mutate({ id: resourceId, data: draft }), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mutate, resourceId, draft, edited]);
  return { savedAt: saved?.at ?? null, failed, pending: edited && draft !== saved?.draft };
}
