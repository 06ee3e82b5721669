// Plain SDK v2 over stdio: serveStdio(factory), both eras.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createSdkServer } from './sdk-factory.mjs';

serveStdio(() => createSdkServer());
