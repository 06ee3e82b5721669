import { spawn } from 'node:child_process';

/**
 * Opens a URL in the user's browser: `--browser <command>` (split on spaces, the URL added as the last
 * argument: no shell, so nothing in the URL is interpreted), else the platform's opener. The URL is
 * printed on stderr too, for a machine without a browser.
 */
export function openBrowser(url: string, command: string | undefined, platform = process.platform): Promise<void> {
  process.stderr.write(`mcp-handshake: log in at ${url}\n`);
  const argv = command
    ? command.split(/\s+/).filter(Boolean)
    : platform === 'darwin'
      ? ['open']
      : platform === 'win32'
        ? ['rundll32', 'url.dll,FileProtocolHandler']
        : ['xdg-open'];
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, [...argv.slice(1), url], { stdio: 'ignore', detached: !command });
    child.once('error', () => resolve()); // no opener: the printed URL is the way
    child.once('spawn', () => {
      if (!command) child.unref();
      resolve();
    });
  });
}
