import { BrowserRouter } from 'react-router';
import { ChunkErrorBoundary } from '../components/chunk-error-boundary';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <Providers>
      {/* The last resort for a lazy modal or page whose code could not load. */}
      <ChunkErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ChunkErrorBoundary>
    </Providers>
  );
}
