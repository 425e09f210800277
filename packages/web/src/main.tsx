import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { prefetchRouteData } from './app/route-prefetch';
import { createAppRouter } from './app/router';
import { createAppServices } from './app/services';
import { applyDocumentLanguage } from './shared/i18n';
import './app/global.css';

const services = createAppServices();
// The opened page's first reads start now, alongside its code, not once it has rendered.
prefetchRouteData(services, window.location);
const router = createAppRouter(services.model);
applyDocumentLanguage(services.i18n.getState().language);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
