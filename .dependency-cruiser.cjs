/**
 * The import rules of docs/ARCHITECTURE.md, checked by `npm test` (scripts/test.mjs runs
 * dependency-cruiser once per workspace, each with its own tsconfig so `@/` resolves).
 */
const path = require('node:path');

// The `@/` alias points into the workspace being checked (set by scripts/test.mjs): each
// workspace maps it to its own src/, which one shared tsconfig cannot express.
const workspace = process.env.DEPCRUISE_WORKSPACE ?? 'apps/server';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes load order matter and blurs which side owns what.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-no-app',
      severity: 'error',
      comment: 'packages/contract is read by server and web alike; it may not depend on either.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'Features do not import each other; app/ composes them.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-flows-one-way',
      severity: 'error',
      comment: 'Imports flow shared → features → app: nothing below app/ imports it.',
      // A component test may render its feature inside the real store and providers.
      from: { path: '^apps/web/src/(features|shared)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      from: { path: '^apps/web/src/shared/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'server-only-repositories-query',
      severity: 'error',
      comment: 'Only repositories (and db/, migrations, the demo seed) touch the ORM.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['\\.repository\\.ts$', '^apps/server/src/db/', '^apps/server/src/seed/', '\\.test\\.ts$'],
      },
      to: { path: 'node_modules/drizzle-orm/' },
    },
    {
      name: 'server-no-foreign-repositories',
      severity: 'error',
      comment: "A module reaches another module's data through that module's service, never its repository.",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/[^/]+/.+\\.repository\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'server-modules-import-no-app',
      severity: 'error',
      comment: 'app.ts wires modules together; a module importing it would be a cycle in waiting.',
      from: { path: '^apps/server/src/(modules|http|lib|core|db|infra|realtime)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(app|main)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    tsConfig: { fileName: path.resolve(__dirname, workspace, 'tsconfig.json') },
  },
};
