// tmcp over stdio.
import { StdioTransport } from '@tmcp/transport-stdio';
import { createTmcpServer } from './tmcp-factory.mjs';

new StdioTransport(createTmcpServer()).listen();
