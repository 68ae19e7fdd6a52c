import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

// https://vite.dev/config/
export default defineConfig(({ mode }) => ({
  // BASE_PATH=/docs/ npm run build: the site is served under /docs/ (links, images, router).
  base: loadEnv(mode, '.', 'BASE_PATH').BASE_PATH || '/',
  plugins: [react(), tailwindcss()],
}));
