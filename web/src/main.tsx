import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Console } from './Console';
import { Landing } from './Landing';
import './styles.css';

/** Two pages, each its own path: `/` (what this is) and `/console` (scan, keys). */
function Page() {
  return window.location.pathname === '/console' ? <Console /> : <Landing />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
