import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The SPA build. Run from the repository root: `vite build --config web/vite.config.ts`.
 * The runtime configuration (`/config.json`) is not part of the build: one bundle runs everywhere.
 */
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Rolldown's form of `manualChunks`: the auth library and the UI kit change rarely, so they
        // get their own long-cached chunks apart from the application code.
        codeSplitting: {
          groups: [
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
