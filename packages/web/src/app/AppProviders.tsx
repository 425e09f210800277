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
          <ThemeProvider>
            <GlobalLoadingGate>{children}</GlobalLoadingGate>
          </ThemeProvider>
        </ApiClientProvider>
      </I18nProvider>
    </GlobalModelProvider>
  );
}
