// Injected by esbuild into the stdio bundle (build-stdio.mjs): a CommonJS bundle has no import.meta,
// so `import.meta.url` is defined as this, the bundle file's own URL (package-root.ts walks up from it).
export const import_meta_url = require('node:url').pathToFileURL(__filename).href;
