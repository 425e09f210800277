import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { generateResourceNames } from './creator-api';
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
  const [answer, setAnswer] = useState<{ key: string; names: string[]; typedIsFree: boolean | null } | null>(null);
  const typed = current.trim();
  const asked = [typed, ...wanted.map((name) => name.trim())].filter(Boolean);
  const key = JSON.stringify(asked);

  useEffect(() => {
    const names = JSON.parse(key) as string[];
    if (names.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      generateResourceNames(api, names, controller.signal).then(
        (free) =>
          setAnswer({
            key,
            typedIsFree: typed === '' ? null : free[0] === typed,
            names: [...new Set(free)].filter((name) => name !== typed),
          }),
        () => setAnswer(null),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key, typed]);
  const shown = answer?.key === key ? answer : null;
  const names = shown?.names ?? [];

  return (
    <div className={styles.suggestions} aria-live="polite">
      {shown?.typedIsFree === false && <p className={styles.problem}>{t('creator.nameTaken')}</p>}
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
