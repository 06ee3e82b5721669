/**
 * npx and npm start/run launch the server through `sh -c …`, and npm passes SIGTERM to that shell
 * only; the shell dies and the server, reparented, kept listening (`kill <npx pid>` left port and
 * process behind). So when npm launched us (it sets npm_command), a shell's end — seen as a new
 * parent process id — counts as the SIGTERM it swallowed. One getppid() every half second.
 */
export function onParentGone(env: NodeJS.ProcessEnv, stop: () => void, everyMs = 500): void {
  if (!env.npm_command) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, everyMs);
  timer.unref();
}
