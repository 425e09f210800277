import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { isResourceName } from '@tessera/domain';
import { useApiClient, type ApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { generateResourceNames } from './creator-api';
import { creatorKeys } from './creator-keys';
import styles from './creator.module.css';

const SUGGEST_DELAY_MS = 400;

/**
 * The free name for each wanted name, asked one by one: asked together, the server keeps the answers
 * distinct from one another (that is for a batch of files), so a free name asked twice, or two
 * names made alike by the name rule, would come back as `name_1`.
 */
export const freeNamesFor = (api: ApiClient, wanted: readonly string[], signal?: AbortSignal): Promise<string[]> =>
  Promise.all(wanted.map(async (name) => (await generateResourceNames(api, [name], signal))[0] ?? name));

/** A file name without its extension: what a resource made of that file is likely called. */
export const baseNameOf = (filename: string) => filename.replace(/\.[^./\\]+$/, '').trim();

/**
 * Free names for the user (POST generateResourceNames) from what is known: the name typed (a free
 * variant when it is taken) and the file picked; never a type's name, which says nothing of the
 * work. Clicking one takes it.
 */
export function NameSuggestions({
  wanted,
  current,
  onPick,
}: {
  wanted: readonly string[];
  current: string;
  onPick: (name: string) => void;
}) {
  const t = useT();
  const api = useApiClient();
  const typed = current.trim();
  // Each name once (the file's name is often the one typed): see freeNamesFor.
  const asked = [...new Set([typed, ...wanted.map((name) => name.trim())].filter(Boolean))];
  const key = JSON.stringify(asked);
  // What is asked settles a moment after the last keystroke.
  const [settledKey, setSettledKey] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettledKey(key), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const settled = settledKey === key && asked.length > 0;
  const free = useQuery({
    queryKey: creatorKeys.freeNames(asked),
    queryFn: ({ signal }) => freeNamesFor(api, asked, signal),
    enabled: settled,
    retry: false,
  });
  const answer = settled ? free.data : undefined;
  // A name against the name rule has its own message; "taken" would mislead.
  const typedIsFree = answer && typed !== '' && isResourceName(typed) ? answer[0] === typed : null;
  const names = answer ? [...new Set(answer)].filter((name) => name !== typed) : [];

  return (
    <div className={styles.suggestions} aria-live="polite">
      {typedIsFree === false && <p className={styles.problem}>{t('creator.nameTaken')}</p>}
      {names.length > 0 && (
        <div role="group" aria-label={t('creator.nameSuggestions')}>
          <span className={styles.hint}>{t('creator.nameSuggestions')}</span>{' '}
          {names.map((name) => (
            <Button key={name} size="small" shape="round" className={styles.chip} onClick={() => onPick(name)}>
              {name}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
