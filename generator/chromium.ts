// How every test and script launches Chromium: CHROME_PATH, else Debian's /usr/bin/chromium, else
// Playwright's own browser; with the flags this sandboxed, offline machine needs.
import { existsSync } from 'node:fs';

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};
