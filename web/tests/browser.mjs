// Debian's Chromium, headless, as this machine allows it: no sandbox as root, and none of the
// background connections that a closed network refuses.
import { chromium } from 'playwright-core';

export async function launch() {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  // Playwright starts it on a new, empty profile of its own.
  return chromium.launch({ executablePath, args });
}
