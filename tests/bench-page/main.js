// The floor of the web-app start-up benches (tests/src/bench/bareReact.ts): React and ReactDOM,
// built by Vite as the web app is and served by the same gateway, drawing one element.
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  createElement(StrictMode, null, createElement('main', { 'data-testid': 'bare-ready' }, 'Ready')),
);
