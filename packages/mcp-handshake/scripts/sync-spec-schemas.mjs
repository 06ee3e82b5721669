// Extract the MCP spec's JSON Schemas (schema/<revision>/schema.json of the spec repository), which the
// conformance suite bundles per revision, into schema/mcp/<revision>.schema.json. Run after upgrading
// @modelcontextprotocol/conformance (pinned in install-hosts.mjs's TOOLS, installed into its cache by
// `node packages/mcp-handshake/scripts/install-hosts.mjs --only tools`): `npm run sync-spec-schemas -w packages/mcp-handshake`.
// The bundle is minified; the schemas are object literals assigned to variables and mapped by revision in
// `const X={"2025-03-26":A,"2025-06-18":B,"2025-11-25":C,[D]:E}` where D is the string "2026-07-28".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTALL_COMMAND, locate, TOOLS } from './install-hosts.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const Ajv2020 = require('ajv/dist/2020').default;
// The suite needs Node >= 22, so it is no devDependency: it lives in install-hosts.mjs's cache.
const suite = TOOLS.find((t) => t.id === 'conformance');
const found = locate({ ...suite, node: undefined });
if (!found) {
  process.stderr.write(`${suite.pkg}@${suite.version} is not installed: ${INSTALL_COMMAND} --only tools\n`);
  process.exit(1);
}
const pkgPath = join(found.prefix, 'node_modules', suite.pkg, 'package.json');
const version = JSON.parse(readFileSync(pkgPath, 'utf8')).version;
const bundle = readFileSync(join(dirname(pkgPath), 'dist', 'index.js'), 'utf8');

const map = /const (\w+)=\{"2025-03-26":(\w+),"2025-06-18":(\w+),"2025-11-25":(\w+),\[(\w+)\]:(\w+)\}/.exec(bundle);
if (!map) throw new Error('revision map not found in the conformance bundle: its layout changed');
const modernName = new RegExp(`[,;\\s]${map[5]}=\`([^\`]+)\``).exec(bundle)?.[1];
if (modernName !== '2026-07-28') throw new Error(`expected the computed key to be 2026-07-28, got ${modernName}`);
const revisions = { '2025-03-26': map[2], '2025-06-18': map[3], '2025-11-25': map[4], '2026-07-28': map[6] };

/** The object literal assigned to `name=` (balanced braces, skipping strings and template literals). */
function literal(name) {
  const start = bundle.search(new RegExp(`[,;\\s]${name}=\\{\\$schema:`));
  if (start < 0) throw new Error(`${name} not found`);
  let i = bundle.indexOf('{', start);
  const from = i;
  let depth = 0;
  for (; i < bundle.length; i++) {
    const c = bundle[i];
    if (c === '`' || c === '"' || c === "'") {
      for (i++; bundle[i] !== c; i++) if (bundle[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) break;
  }
  return bundle.slice(from, i + 1);
}

const out = join(here, '..', 'schema', 'mcp');
mkdirSync(out, { recursive: true });
for (const [revision, name] of Object.entries(revisions)) {
  // A pure data literal (strings, numbers, booleans, arrays, objects): evaluating it runs no code.
  const schema = new Function(`return (${literal(name)});`)();
  const defs = schema.$defs ?? schema.definitions;
  if (!defs?.InitializeResult && !defs?.DiscoverResult) throw new Error(`${revision}: not an MCP schema`);
  // src/spec/schemas.ts loads these without meta-validation (it is slow): validate them here, once.
  const is2020 = String(schema.$schema).includes('2020-12');
  const ajv = new (is2020 ? Ajv2020 : Ajv)({ strict: false, logger: false });
  if (!ajv.validateSchema(schema))
    throw new Error(`${revision}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
  writeFileSync(join(out, `${revision}.schema.json`), `${JSON.stringify(schema, null, 1)}\n`);
  console.log(`${revision}: ${Object.keys(defs).length} definitions`);
}
writeFileSync(
  join(out, 'SOURCE.json'),
  `${JSON.stringify(
    {
      from: `@modelcontextprotocol/conformance@${version} (dist/index.js)`,
      origin:
        'modelcontextprotocol/modelcontextprotocol schema/<revision>/schema.json, as bundled by the conformance suite',
      revisions: Object.keys(revisions),
    },
    null,
    2,
  )}\n`,
);
