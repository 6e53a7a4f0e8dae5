// The server's layers (architecture §1), checked by dependency-cruiser in `make check` and
// `make test` (scripts/checks.mjs), which cruise server/src, admin/src and sdk-ts/src. The admin and
// the SDK are held to two rules of their own: no module cycle, every import resolves. Bottom to top:
//
//   generated/, errors.ts, uuid.ts, config.ts, access/, context/, logging/   the ground everything stands on
//   db/ (pool, migrate, embedded at its root; query modules in db/<domain>/)
//   storage/                          blob providers
//   telemetry/                        may read db/
//   services/<domain>/                business rules: may use db/, storage/, telemetry/ and the ground
//   workers/                          may use services/ and db/
//   handlers/                         may use services/ (and http/operation.ts, the handler contract)
//   http/                             may use handlers/ and everything below
//   cluster/                          the API's processes (Api__Processes): started by main.ts, which hands
//                                     the members startApi (cluster/ must not import server.ts or main.ts)
//   server.ts, main.ts, dependencies.ts, contract.ts   wiring at the top
//
// Type-only imports count (tsPreCompilationDeps): a type import upwards is still a layer knowing
// about the one above it, and it is how value imports start.

const SRC = '^server/src/';
// Every tree the check cruises: the cycle and resolution rules hold in all of them.
const ALL_SRC = '^(server|admin|sdk-ts)/src/';
const HTTP_AND_HANDLERS = `${SRC}(http|handlers)/`;
const GROUND = `${SRC}(generated/|errors\\.ts$|uuid\\.ts$|config\\.ts$|access/|context/|logging/)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'below-http-imports-http',
      severity: 'error',
      comment:
        'Only http/ (and the wiring at the top) may know the HTTP layer and the handlers: services, ' +
        'workers, db and the ground must work without express, so they can run in workers and tests.',
      from: { path: SRC, pathNot: [HTTP_AND_HANDLERS, `${SRC}(server|main)\\.ts$`] },
      to: { path: HTTP_AND_HANDLERS },
    },
    {
      name: 'handlers-import-http',
      severity: 'error',
      comment:
        "Of http/, handlers may import only operation.ts: it is the handler contract (Handler<'operationId'>, " +
        'the typed request and reply, serializeJson), and it imports nothing but types itself. The app, ' +
        'the router, the access step and problem rendering stay out of reach: http/ imports every ' +
        'handler, so reaching back into them is how module cycles start.',
      from: { path: `${SRC}handlers/` },
      to: { path: `${SRC}http/`, pathNot: `${SRC}http/operation\\.ts$` },
    },
    {
      name: 'handler-contract-imports-values',
      severity: 'error',
      comment: 'http/operation.ts is reachable from every handler because it carries only types and tiny helpers; keep it that way.',
      from: { path: `${SRC}http/operation\\.ts$` },
      to: { path: SRC, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'db-storage-telemetry-import-upper-layers',
      severity: 'error',
      comment:
        'Query modules, blob providers and instruments serve the services; they never call back up ' +
        'into services, workers, handlers or http.',
      from: { path: `${SRC}(db|storage|telemetry)/` },
      to: { path: `${SRC}(services|workers|handlers|http)/` },
    },
    {
      name: 'services-import-upper-layers',
      severity: 'error',
      comment: 'Services hold the rules and are called by handlers and workers, never the other way round.',
      from: { path: `${SRC}services/` },
      to: { path: `${SRC}(workers|handlers|http)/` },
    },
    {
      name: 'access-context-import-upper-layers',
      severity: 'error',
      comment:
        'The actor, roles and request context are used by http/, services/ and the logger alike, so they ' +
        'may lean only on each other, the generated contract types and the error catalogue.',
      from: { path: `${SRC}(access|context)/` },
      to: { path: SRC, pathNot: `${SRC}(access/|context/|generated/|errors\\.ts$)` },
    },
    {
      name: 'ground-imports-upper-layers',
      severity: 'error',
      comment:
        'The ground (generated, errors, uuid, config, access, context, logging) imports nothing above it. ' +
        'Known exception: config.ts checks Seed__Admin__Password with services/identity/password-rules.ts and ' +
        'password-strength.ts (pure functions that need only errors.ts and zxcvbn); moving them to the ground removes it.',
      from: { path: GROUND },
      to: {
        path: SRC,
        pathNot: [GROUND, `${SRC}services/identity/password-(rules|strength)\\.ts$`],
      },
    },
    {
      name: 'dependencies-bag-misused',
      severity: 'error',
      comment:
        'dependencies.ts is the type of the bag the wiring hands to handlers and workers. It names ' +
        'service types (caches), so it sits at the top: only http/, handlers/, workers/ and the wiring ' +
        'may import it, and only as a type. Services and query modules take the few dependencies they ' +
        'use as parameters, which keeps them callable from tests without the whole process, and keeps ' +
        'services -> dependencies.ts -> services cycles out.',
      from: { path: SRC, pathNot: `${SRC}(http/|handlers/|workers/|server\\.ts$|main\\.ts$)` },
      to: { path: `${SRC}dependencies\\.ts$` },
    },
    {
      name: 'dependencies-bag-value-import',
      severity: 'error',
      comment: 'dependencies.ts holds only types: import it with `import type`.',
      from: { path: SRC },
      to: { path: `${SRC}dependencies\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'wiring-imported',
      severity: 'error',
      comment: 'server.ts and main.ts build and start the process; nothing inside it may import them.',
      from: { path: SRC, pathNot: `${SRC}main\\.ts$` },
      to: { path: `${SRC}(server|main)\\.ts$` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module cycle makes initialisation order matter (an import can be undefined while its ' +
        'module is still being evaluated); type-only cycles are kept out too, because they become ' +
        'value cycles with the next edit. In the server, the admin and the SDK alike: a piece two ' +
        'modules share goes into a small module of its own that both import.',
      from: { path: ALL_SRC },
      to: { circular: true },
    },
    {
      name: 'no-db-domain-cycle',
      severity: 'error',
      comment: 'Query-module domains depend one way (delivery reads content rows, never the reverse).',
      scope: 'folder',
      from: { path: `${SRC}db/[^/]+$` },
      to: { path: `${SRC}db/[^/]+$`, circular: true },
    },
    {
      name: 'no-service-domain-cycle',
      // A warning, not an error, while the last domain cycle found when this check was added
      // (issue #11) remains: content <-> delivery (content publishing, versions, upgrades and
      // comparison re-read through delivery/content-reads.ts and content-expansion.ts, which present
      // with content/content-presenter.ts and follow content/content-rules.ts). The others went:
      // model <-> packages when model stopped taking a type from packages/package-format.ts;
      // identity <-> platform and security -> platform -> identity when the seed moved to
      // identity/seed.ts and the audit log scoped by the actor's own reachableWorkspaceIds().
      // Breaking the last needs the shared presentation moved below both, not a config change;
      // make this an error once it is gone.
      severity: 'warn',
      comment: 'Service domains should depend one way; a cycle means two domains are really one, or a shared piece belongs below both.',
      scope: 'folder',
      from: { path: `${SRC}services/[^/]+$` },
      to: { path: `${SRC}services/[^/]+$`, circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (a typo in a relative path or a package missing from package.json).',
      from: { path: ALL_SRC },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // Resolves the NodeNext-style `./x.js` specifiers to the `x.ts` sources.
    tsConfig: { fileName: 'server/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
