import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiClientProvider } from '../shared/api';
import { I18nProvider } from '../shared/i18n';
import { GlobalLoadingGate } from './GlobalLoadingGate';
import { GlobalModelProvider } from './global-model';
import type { AppServices } from './services';
import { ThemeProvider } from './ThemeProvider';

/** Everything a screen may rely on; the router goes inside. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <GlobalModelProvider model={services.model}>
      <I18nProvider i18n={services.i18n}>
        <ApiClientProvider client={services.api}>
          <QueryClientProvider client={services.queries}>
            <ThemeProvider>
              <GlobalLoadingGate>{children}</GlobalLoadingGate>
            </ThemeProvider>
          </QueryClientProvider>
        </ApiClientProvider>
      </I18nProvider>
    </GlobalModelProvider>
  );
}
