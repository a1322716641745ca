/** Layer rule of shared/architecture.md: domain <- application <- infrastructure and interface. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-plain',
      comment: 'src/domain is plain TypeScript: no framework, no outer layer.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        pathNot: '^src/domain/',
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'application-depends-inward',
      comment: 'src/application may use the domain and @nestjs/common (Injectable), nothing outer.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: {
        path: '^(src/(infrastructure|interface)/|node_modules/(typeorm|pg|ioredis|fastify|@nestjs/(typeorm|platform-fastify|swagger|passport|throttler))/)',
      },
    },
    {
      name: 'infrastructure-not-interface',
      severity: 'error',
      from: { path: '^src/infrastructure/' },
      to: { path: '^src/interface/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
