/** Why the HTTP server could not listen, as one sentence naming the address and the fix. */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `port ${port} on ${host}`;
  if (error.code === 'EADDRINUSE')
    return `${where} is already in use: stop what listens there, or choose another port with --port (0 picks a free one)`;
  if (error.code === 'EACCES')
    return `${where} needs privileges this user lacks (ports below 1024 do): choose a port from 1024 up with --port`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `${host} is not an address of this machine: choose one with --host (127.0.0.1, or 0.0.0.0 for every interface)`;
  return `cannot listen on ${where} (${error.message}): choose another with --port or --host`;
}
