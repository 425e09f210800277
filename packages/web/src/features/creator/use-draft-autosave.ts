import { useEffect, useState } from 'react';
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
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [savedDraft, setSavedDraft] = useState<VersionDraftData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!resourceId || !draft || !edited) return;
    const timer = setTimeout(() => {
      saveVersionDraft(api, resourceId, draft).then(
        () => {
          setSavedDraft(draft);
          setSavedAt(hhmm(new Date()));
          setFailed(false);
        },
        () => setFailed(true),
      );
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, resourceId, draft, edited]);
  return { savedAt, failed, pending: edited && draft !== savedDraft };
}
