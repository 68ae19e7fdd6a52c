import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Writes `.br` and `.gz` next to each text asset so the server can send them as they are
 * (`@fastify/static` with `preCompressed: true`) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'sitelift-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const filePath = path.join(dir, fileName);
        const data = await readFile(filePath);
        if (data.length < 1024) continue;
        await writeFile(
          `${filePath}.br`,
          brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${filePath}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy: {
      // The server's Origin check refuses the dev server's origin on state-changing requests.
      '/api': { target: API_TARGET, changeOrigin: false, headers: { origin: API_TARGET } },
      '/logs': { target: API_TARGET, changeOrigin: false },
      '/preview': { target: API_TARGET, changeOrigin: false },
      '/dev': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging, not linked from the served files.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
  },
});
