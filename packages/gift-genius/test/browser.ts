import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive (playwright-core; nothing is downloaded at test time):
 * GIFTGEN_TEST_CHROMIUM if set, else one installed on the machine (Debian's /usr/bin/chromium…),
 * else the one inside the @sparticuz/chromium npm package (a devDependency: its binary ships in the
 * package and is unpacked to the temp folder on first use, ~1.5 s). Launched with our own flags
 * only: that package's defaults turn off web security and site isolation, which the widget's
 * sandbox and CSP tests must have on.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const ON_THE_MACHINE = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export type ChromiumFound = { ok: true; executablePath: string; from: string } | { ok: false; reason: string };

export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumFound> {
  if (env.GIFTGEN_TEST_CHROMIUM) {
    return existsSync(env.GIFTGEN_TEST_CHROMIUM)
      ? { ok: true, executablePath: env.GIFTGEN_TEST_CHROMIUM, from: 'GIFTGEN_TEST_CHROMIUM' }
      : { ok: false, reason: `GIFTGEN_TEST_CHROMIUM=${env.GIFTGEN_TEST_CHROMIUM} does not exist` };
  }
  const installed = ON_THE_MACHINE.find((path) => existsSync(path));
  if (installed) return { ok: true, executablePath: installed, from: 'the machine' };
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    return { ok: true, executablePath: await packaged.executablePath(), from: '@sparticuz/chromium' };
  } catch (error) {
    return {
      ok: false,
      reason:
        `no Chromium: none of ${ON_THE_MACHINE.join(', ')} exists, and @sparticuz/chromium could not unpack one (${(error as Error).message}); ` +
        'run npm ci (it installs that package), or apt-get install chromium, or set GIFTGEN_TEST_CHROMIUM',
    };
  }
}
