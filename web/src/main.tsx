import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/app';
import './index.css';

// Zod compiles its parsers with `new Function` when it may; the shop's Content-Security-Policy
// allows no eval, so the browser would report a violation. Its plain parsers check the same rules.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
