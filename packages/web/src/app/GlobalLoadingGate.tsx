import type { ReactNode } from 'react';
import { useI18n, useI18nState } from '../shared/i18n';
import { FullPageLoading } from '../shared/ui/FullPageLoading';
import { TextsUnavailable } from './TextsUnavailable';
import { useGlobalModel } from './global-model';

/** Takes no box of its own once shown, so the page lays out as if it were not there. */
const SHOWN = { display: 'contents' } as const;

/**
 * Nothing but a loading indicator until the texts are ready (SPEC §4 globalLoading). The page is
 * already rendered behind it, hidden, so that its code and its first API calls load in parallel
 * with the texts instead of after them (issue 15); the same element then shows it, so nothing mounts twice.
 */
export function GlobalLoadingGate({ children }: { children: ReactNode }) {
  const globalLoading = useGlobalModel((state) => state.globalLoading);
  const { status } = useI18nState();
  const i18n = useI18n();

  let cover: ReactNode = null;
  if (globalLoading) {
    cover = status === 'error' ? <TextsUnavailable onRetry={() => void i18n.retry()} /> : <FullPageLoading />;
  }
  return (
    <>
      {cover}
      <div hidden={globalLoading} style={globalLoading ? undefined : SHOWN}>
        {children}
      </div>
    </>
  );
}
