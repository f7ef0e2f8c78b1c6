import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Files worth compressing: text, and the PDF viewer's font programs. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|pfb|ttf|bcmap)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minCompressBytes = 1024;

/**
 * Writes a brotli (best quality) and a gzip copy beside each text file of the build, once, at
 * build time: the server sends them by Accept-Encoding (`preCompressed` in apps/server's
 * http/spa.ts) without compressing per request. A copy no smaller than its file is not kept.
 */
function precompress(): Plugin {
  return {
    name: 'pitchlane-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!compressible.test(output.fileName)) return;
          const source = output.type === 'chunk' ? output.code : output.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.byteLength < minCompressBytes) return;
          const file = path.join(outDir, output.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
              },
            }),
            gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.byteLength < bytes.byteLength) await writeFile(`${file}.br`, br);
          if (gz.byteLength < bytes.byteLength) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Builds src/preflight.ts as an entry of its own and loads it async as the first script of
 * index.html, its own imports preloaded right after it: it asks for the stored session's `me`
 * and starts the chunks of the page the URL opens while the app's own code is still loading
 * (shared/api/session-preflight.ts, app/route-chunks.ts). Placed after the app's preloads it
 * arrived last, and ran only once React and Mantine had; Vite would fold a second script of
 * index.html into the app's entry, which runs only once all of the app's first code has arrived.
 */
function sessionPreflight(): Plugin {
  return {
    name: 'pitchlane-session-preflight',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const chunk = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'preflight',
        );
        if (chunk?.type !== 'chunk') throw new Error('the session preflight entry was not built');
        const imports = new Set<string>();
        const collect = (fileName: string) => {
          const imported = bundle[fileName];
          if (imports.has(fileName) || imported?.type !== 'chunk') return;
          imports.add(fileName);
          for (const next of imported.imports) collect(next);
        };
        for (const fileName of chunk.imports) collect(fileName);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
          ...[...imports].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

/** The server the dev proxy forwards to: `npm start` listens on 8080 (ARCHITECTURE.md §4). */
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress(), sessionPreflight()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        preflight: fileURLToPath(new URL('./src/preflight.ts', import.meta.url)),
      },
      output: {
        // React and Mantine change less often than the app: their own chunks stay cached across
        // releases, and no chunk carries the whole UI kit plus the app.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-redux)[\\/]/ },
            { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/ },
            // Each icon a page shares with another page was a chunk of its own, half a kilobyte
            // each: a cold /founder fetched sixteen of them, queued behind six connections.
            { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
