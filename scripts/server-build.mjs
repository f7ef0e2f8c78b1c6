// Builds the server once into apps/server/dist/main.mjs, which `npm start` runs with plain node,
// and the copilot's worker thread beside it (dist/copilot.worker.mjs).
// Under tsx the server held about 70 MB more at idle (tsx's loader thread, its esbuild service
// processes, every module compiled again when its cache missed) and took seconds longer to start.
// The bundle holds the server's own code and the contract's; packages stay in node_modules.
// Files the code finds next to itself (migrations, the PDF worker, the password list) are read
// from apps/server/src: each module's `import.meta.url` is replaced by its source file's URL, so
// the bundle runs only inside this checkout, which is the only place `npm start` runs it.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isOutdated } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const contractSrc = path.join(root, 'packages/contract/src');
/** The built server; `npm start` and the benchmarks run it from `serverDir`. */
export const serverBundle = path.join(serverDir, 'dist/main.mjs');
/**
 * The copilot's worker thread (apps/server/src/modules/ai/engines/copilot-pool.ts), bundled beside
 * the server: node cannot start a worker from TypeScript, and the server finds it through the
 * PITCHLANE_COPILOT_WORKER constant defined below.
 */
const copilotWorkerBundle = path.join(serverDir, 'dist/copilot.worker.mjs');
/**
 * The flags node runs the bundle with. Stacks name the TypeScript sources through the source map.
 * A young generation of up to 64 MB a semi-space (node's default is 16): a busy chat server
 * allocates a message's objects per member, and with 16 MB they were scavenged and promoted
 * early enough to stall delivery; over five runs each of `npm run bench:chat` at 2,000 messages a
 * second on PostgreSQL, p99 went from 135–280 ms to 43–176 ms, three runs under 100. The space
 * grows only under load, so the idle footprint does not change.
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=64'];
const sources = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'package.json'),
  path.join(serverDir, 'tsconfig.json'),
  path.join(root, 'tsconfig.base.json'),
  contractSrc,
  import.meta.filename,
];

/**
 * Builds the server when its bundle is missing or older than any of its sources, in a child
 * process so the caller (scripts/start.mjs, which stays alive beside the server) holds none of
 * the bundler. Answers whether a build ran; throws when it fails.
 */
export function buildServerIfStale({ force = false } = {}) {
  if (!force && !isOutdated(serverBundle, sources)) return false;
  const result = spawnSync(process.execPath, [import.meta.filename, '--now'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The server build failed; see the output above.');
  return true;
}

/** Bundles the server with esbuild and moves the result into place in one step. */
async function build() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: {
      main: path.join(serverDir, 'src/main.ts'),
      'copilot.worker': path.join(serverDir, 'src/modules/ai/engines/copilot.worker.ts'),
    },
    outdir: path.dirname(serverBundle),
    outExtension: { '.js': '.mjs' },
    define: { PITCHLANE_COPILOT_WORKER: JSON.stringify(pathToFileURL(copilotWorkerBundle).href) },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(serverDir, 'tsconfig.json'),
    sourcemap: 'linked',
    // Kept for readable stacks and logs: class and function names appear in them.
    keepNames: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'pitchlane-sources',
        setup(builder) {
          // The contract is a workspace of TypeScript sources; node cannot import those.
          builder.onResolve({ filter: /^@deckvalid\/contract\// }, (args) => ({
            path: path.join(contractSrc, `${args.path.slice('@deckvalid/contract/'.length)}.ts`),
          }));
          builder.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            const contents = source
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  await mkdir(path.dirname(serverBundle), { recursive: true });
  // Written beside and renamed: a second `npm start` building at the same moment, or one
  // starting while this one writes, never runs half a file.
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    await writeFile(partial, file.contents);
    await rename(partial, file.path).catch(async (error) => {
      await rm(partial, { force: true });
      throw error;
    });
  }
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--now')) {
    const started = performance.now();
    await build();
    console.log(`Built the server in ${Math.round(performance.now() - started)} ms`);
  } else {
    buildServerIfStale({ force: process.argv.includes('--force') });
  }
}
