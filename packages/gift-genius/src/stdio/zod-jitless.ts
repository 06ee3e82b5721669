// Imported first by bundle.ts, before the SDK defines its schemas (zod reads the setting per schema as it
// is made). Without it, the first parse of each object schema writes and compiles a parser
// (`new Function`), code no cache can hold; a stdio server parses a few messages a second, where the
// interpreted path costs nothing that shows. Measured: time to ready 0.96× the build without it (Node 20, two
// interleaved runs of 21, as bench/stdio-ab.mjs runs them).
import { config } from 'zod/v4/core';

config({ jitless: true });
