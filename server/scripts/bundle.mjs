/**
 * The server as `npm start` runs it: one ES module bundle of src/ (and @fandeck/contract's
 * TypeScript) in dist/, npm packages left as imports, so a start loads no TypeScript
 * compiler and parses one file. Files the code reads beside itself (migrations, reference
 * data) are copied to where the bundle looks for them. `npm run dev` still runs src/ with tsx.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(serverDir, 'dist');

rmSync(dist, { recursive: true, force: true });
const domainsDir = path.join(serverDir, 'src/domains');
const domainList = await domainEntriesAtBuild();
await build({
  entryPoints: { main: path.join(serverDir, 'src/main.ts') },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Not minified, so stack traces read without the map; `NODE_OPTIONS=--enable-source-maps`
  // maps them to src/ when debugging (loading the maps at every start costs about a third of it).
  sourcemap: true,
  // npm packages stay imports; the workspace's own TypeScript packages are bundled.
  packages: 'external',
  plugins: [workspacePackages(), domainRegistry()],
  logLevel: 'warning',
});
/** `@fandeck/contract` (and its subpaths) resolve to their TypeScript sources, bundled. */
function workspacePackages() {
  const contract = path.join(serverDir, '../contract/src');
  const entries = { '@fandeck/contract': 'index.ts', '@fandeck/contract/schemas': 'schemas.ts' };
  return {
    name: 'workspace-packages',
    setup(builder) {
      builder.onResolve({ filter: /^@fandeck\/contract(\/.*)?$/ }, (args) => {
        const file = entries[args.path];
        if (!file) return { errors: [{ text: `unknown export ${args.path}` }] };
        return { path: path.join(contract, file) };
      });
    },
  };
}

/**
 * The domains the bundle registers: found now by the same convention the sources use at
 * start (src/domains/folders.ts, compiled here to run), and baked into entries.ts's place,
 * since the bundle has no folders to look in. esbuild bundles each entry file through
 * index.ts's `import()` of a path with the folder in it.
 */
async function domainEntriesAtBuild() {
  const compiled = await build({ entryPoints: [path.join(domainsDir, 'folders.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning' });
  const { domainEntries } = await import(`data:text/javascript;base64,${Buffer.from(compiled.outputFiles[0].text).toString('base64')}`);
  return domainEntries(domainsDir);
}

function domainRegistry() {
  const entriesFile = path.join(domainsDir, 'entries.ts');
  return {
    name: 'domain-registry',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]domains[\\/]entries\.ts$/ }, (args) =>
        args.path === entriesFile ? { contents: `export const entries = () => ${JSON.stringify(domainList)};`, loader: 'ts' } : undefined,
      );
    },
  };
}

// Read relative to the module that reads them: the bundle's modules live in dist/.
cpSync(path.join(serverDir, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
cpSync(path.join(serverDir, 'src/domains/reference/data'), path.join(dist, 'data'), { recursive: true });
