/**
 * The import rules of docs/ARCHITECTURE.md, checked by `npm test` (scripts/test.mjs runs
 * dependency-cruiser once per workspace, each with its own tsconfig so `@/` resolves).
 */
const path = require('node:path');

// The `@/` alias points into the workspace being checked (set by scripts/test.mjs): each
// workspace maps it to its own src/, which one shared tsconfig cannot express.
const workspace = process.env.DEPCRUISE_WORKSPACE ?? 'apps/server';

const serverSchema = '^apps/server/src/modules/[^/]+/[^/]+\\.schema\\.ts$';

/**
 * Other modules' tables a repository reads inside one query, where a call per row through the
 * owning module would be slow; each repository says why next to the query. Writes stay with the
 * owner. The storage sweep also reads decks and accounts, in plain SQL, for the same reason.
 */
const crossModuleReads = {
  // The session check names the account on every request whose session is not cached.
  auth: ['accounts'],
  // Room lists and messages name their participants and senders.
  chat: ['accounts'],
  // Founders' interest lists name each investor and deck.
  interests: ['accounts', 'pitchdecks'],
  // Every visitor call reads the link with its deck's title and the version it shows (or its data
  // room's name), in one query; an investor's shared decks match the account's email and name each
  // deck's founder; a room link's visitors name the documents they read.
  links: ['accounts', 'datarooms', 'pitchdecks'],
  // Every milestone read asks whether the caller's interest in its deck is accepted, in the same
  // query (access is decided fresh); boards and feeds name assignees and actors; milestone
  // answers name their deck (title and company); a share with a mentor hangs on the mentorship
  // (its key), and the founder's sharing list names their mentors.
  milestones: ['accounts', 'interests', 'mentors', 'pitchdecks'],
  // Comments name their authors and resolvers, in the one query that lists them.
  comments: ['accounts'],
  // Reviews name their mentors, in the one query that lists them.
  reviews: ['accounts'],
  // Both sides' lists of a mentorship name the other person, in one query.
  mentors: ['accounts'],
  // The inbox words a milestone's news from its log line (milestone, task, actor) and sends it to
  // the deck's accepted investors and a thread's people.
  // Chat messages left unread for 10 minutes are found in the chat's tables.
  notifications: ['accounts', 'chat', 'interests', 'milestones'],
  // Search hits carry the founder's name and the investor's own interest; cards count interests.
  pitchdecks: ['accounts', 'interests'],
};

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
      comment: 'Only repositories and table definitions (and db/, migrations, the demo seed) touch the ORM.',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.repository\\.ts$',
          '\\.schema\\.ts$',
          '^apps/server/src/db/',
          '^apps/server/src/seed/',
          '\\.test\\.ts$',
        ],
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
      name: 'server-schema-only-in-repositories',
      severity: 'error',
      comment:
        "A module's tables are its repository's business: services, routes and the rest see the domain " +
        'types repositories answer. db/ (the aggregate drizzle-kit reads), the demo seed and tests may import them.',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/modules/[^/]+/[^/]+\\.(repository|schema)\\.ts$',
          '^apps/server/src/db/',
          '^apps/server/src/seed/',
          '\\.test\\.ts$',
        ],
      },
      to: { path: serverSchema },
    },
    {
      name: 'server-no-foreign-schema',
      severity: 'error',
      comment:
        "A repository queries its own module's tables; other modules' data comes through their services. " +
        "Schema files may import another module's table for a foreign key; the joins listed in crossModuleReads are reads.",
      from: {
        path: '^apps/server/src/modules/([^/]+)/[^/]+\\.repository\\.ts$',
        pathNot: `^apps/server/src/modules/(${Object.keys(crossModuleReads).join('|')})/`,
      },
      to: { path: serverSchema, pathNot: '^apps/server/src/modules/$1/' },
    },
    ...Object.entries(crossModuleReads).map(([module, readable]) => ({
      name: `server-no-foreign-schema-${module}`,
      severity: 'error',
      comment: `The ${module} repository may read (never write) only ${readable.join(', ')} of other modules' tables.`,
      from: { path: `^apps/server/src/modules/${module}/[^/]+\\.repository\\.ts$` },
      to: { path: serverSchema, pathNot: `^apps/server/src/modules/(${[module, ...readable].join('|')})/` },
    })),
    {
      name: 'server-modules-import-no-app',
      severity: 'error',
      comment: 'app.ts wires modules together; a module importing it would be a cycle in waiting.',
      from: { path: '^apps/server/src/(modules|http|lib|core|db|infra|realtime)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'server-core-imports-no-module',
      severity: 'error',
      comment:
        'core/ (identity, events) is what every module builds on; where core needs a module, it declares ' +
        'an interface the module implements (Authenticator), so core never imports one.',
      from: { path: '^apps/server/src/core/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-frameworks-at-the-edge',
      severity: 'error',
      comment:
        'Only routes, sockets, http/, the identity guard and handshake, the module contract, realtime/ and app.ts touch Fastify or Socket.IO; services stay plain.',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.routes\\.ts$',
          '\\.socket\\.ts$',
          '\\.test\\.ts$',
          '^apps/server/src/http/',
          '^apps/server/src/realtime/',
          '^apps/server/src/core/identity/(guard|socket-handshake)\\.ts$',
          '^apps/server/src/core/module\\.ts$',
          '^apps/server/src/app\\.ts$',
        ],
      },
      to: { path: 'node_modules/(fastify|@fastify|socket\\.io|fastify-type-provider-zod)/' },
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
