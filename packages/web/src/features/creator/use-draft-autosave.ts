import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api';
import { saveVersionDraft } from './creator-api';
import type { VersionDraftData } from './version-draft';

/** Wait after the last typed change before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 2000;

export const hhmm = (date: Date) =>
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

/** Saves of one resource's draft, and its publishing, go one after another in this mutation scope. */
export const draftScope = (resourceId: string | undefined) => ({ id: `version-draft:${resourceId ?? ''}` });

/** Draft fields typed into: saved a moment after the last keystroke. Every other field is a discrete action. */
const TYPED_FIELDS: ReadonlySet<string> = new Set(['version', 'description', 'resourceTitle', 'intro']);

/** Lists whose items are typed into: adding or taking out an item is discrete, editing one is typing. */
const idsOf: Partial<Record<string, (draft: VersionDraftData) => string>> = {
  dependencies: (draft) => (draft.dependencies ?? []).map((item) => item.resourceId).join(),
  customPropertyDescriptors: (draft) => String(draft.customPropertyDescriptors?.length ?? 0),
};

/**
 * Whether going from `before` to `after` was a discrete action (a step, a policy, a file, a dependency
 * or property added or taken out, a ticked policy or upcast, tags, a cover), to be saved at once,
 * rather than typing, saved after a pause (a title, a description, a version, a range, a property).
 */
export function isDiscreteChange<T extends VersionDraftData>(before: T, after: T): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof T & string>;
  return [...keys].some((key) => {
    if (before[key] === after[key] || TYPED_FIELDS.has(key)) return false;
    const ids = idsOf[key];
    return ids ? ids(before) !== ids(after) : true;
  });
}

/**
 * Saves the draft of a resource's next version after each change the user makes (`edited` set): at
 * once after a discrete action (isDiscreteChange), a moment after the last keystroke otherwise.
 * Tells when it last saved ("HH:mm") and whether a change is not saved yet. Saves go one after another (one mutation scope per resource), so an older draft never lands last.
 * Nothing is saved before there is a resource.
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
  // The draft as the last run of the effect saw it, to tell what changed since.
  const seen = useRef(draft);
  const { mutate } = useMutation({
    mutationFn: ({ id, data }: { id: string; data: VersionDraftData }) => saveVersionDraft(api, id, data),
    scope: draftScope(resourceId),
    onSuccess: (_, { data }) => {
      setSaved({ draft: data, at: hhmm(new Date()) });
      setFailed(false);
    },
    onError: () => setFailed(true),
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = draft;
    if (!resourceId || !draft || !edited) return;
    if (before && isDiscreteChange(before, draft)) {
      mutate({ id: resourceId, data: draft });
      return;
    }
    const timer = setTimeout(() => mutate({ id: resourceId, data: draft }), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mutate, resourceId, draft, edited]);
  return {
    savedAt: saved?.at ?? null,
    failed,
    pending: edited && draft !== saved?.draft,
  };
}
