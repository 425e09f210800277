import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { generateResourceNames } from './creator-api';
import { creatorKeys } from './creator-keys';
import styles from './creator.module.css';

const SUGGEST_DELAY_MS = 400;

/** A file name without its extension: what a resource made of that file is likely called. */
export const baseNameOf = (filename: string) => filename.replace(/\.[^./\\]+$/, '').trim();

/**
 * Free names for the user (POST generateResourceNames) from what is known: the name typed (a free
 * variant when it is taken), the file picked, the type chosen. Clicking one takes it.
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
  const asked = [typed, ...wanted.map((name) => name.trim())].filter(Boolean);
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
    queryFn: ({ signal }) => generateResourceNames(api, asked, signal),
    enabled: settled,
    retry: false,
  });
  const answer = settled ? free.data : undefined;
  const typedIsFree = answer && typed !== '' ? answer[0] === typed : null;
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
