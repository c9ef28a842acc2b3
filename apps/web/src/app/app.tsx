import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { AuthModalProvider } from '../features/auth/components/auth-modal-provider';
import { PopupHost } from '../features/popups/components/popup-host';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';
import { useEntryQuery } from './use-entry-query';

function AppRoot() {
  useEntryQuery();
  return (
    <AuthModalProvider>
      <AppRoutes />
      <PopupHost />
    </AuthModalProvider>
  );
}

export function App() {
  return (
    <Providers>
      <ErrorBoundary title="应用加载失败">
        <BrowserRouter>
          <AppRoot />
        </BrowserRouter>
      </ErrorBoundary>
    </Providers>
  );
}
