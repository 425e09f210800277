import type { ReactNode } from 'react';
import { useI18n, useI18nState } from '../shared/i18n';
import { FullPageLoading } from '../shared/ui/FullPageLoading';
import { TextsUnavailable } from './TextsUnavailable';
import { useGlobalModel } from './global-model';

/** Nothing but a loading indicator until the texts are ready (SPEC §4 globalLoading). */
export function GlobalLoadingGate({ children }: { children: ReactNode }) {
  const globalLoading = useGlobalModel((state) => state.globalLoading);
  const { status } = useI18nState();
  const i18n = useI18n();

  if (!globalLoading) return children;
  if (status === 'error') return <TextsUnavailable onRetry={() => void i18n.retry()} />;
  return <FullPageLoading />;
}
