// How every test and script launches Chromium, with the flags this sandboxed, offline machine needs:
// CHROME_PATH, else Debian's headless shell, else its whole Chromium, else Playwright's own browser.
// The headless shell (`apt-get install chromium-headless-shell`) is the same Blink without the browser
// around it, as Playwright itself runs headless tests: the end-to-end suite took 468 s of CPU with it
// against 809 s with the whole browser, every test passing on both. The benches measure what a visitor
// or a marketer waits for, so they take the whole browser (`wholeChromiumOptions`).
import { existsSync } from 'node:fs';

const firstPresent = (...paths: string[]) => paths.find((p) => existsSync(p));

/** For tests and scripts. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH || firstPresent('/usr/bin/chromium-headless-shell', '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

/** For the benches: the whole browser, as visitors and marketers run it. */
export const wholeChromiumOptions = { ...chromiumLaunchOptions, executablePath: process.env.CHROME_PATH || firstPresent('/usr/bin/chromium') };
