/** @type {import('jest').Config} */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.jest.json' }];
// ESM-only packages that Jest must turn into CommonJS (see babel.jest.config.js).
const esmPackages = ['@nestjs', '@fastify/cookie', 'file-type', 'strtok3', 'token-types', '@tokenizer', '@borewit', 'uint8array-extras', 'load-esm', '@standard-schema', 'content-disposition', 'set-cookie-parser', 'cookie', 'toad-cache', 'libphonenumber-js', 'uid'];
const transform = {
  '^.+\\.ts$': tsJest,
  '^.+\\.m?js$': ['babel-jest', { configFile: require.resolve('./babel.jest.config.js') }],
};
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];
module.exports = {
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns,
  // Also here: Jest reads testTimeout from the root config (busy CI machines start apps slowly).
  testTimeout: 60000,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testTimeout: 60000,
    },
  ],
};
