// Finds Chromium (Debian's /usr/bin/chromium or $CHROME_PATH). Nothing here downloads a browser.
import { existsSync } from 'node:fs';

export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function requireChromium() {
  const path = chromiumPath();
  if (!path) {
    console.error(
      'Chromium not found. Browser tests need it at /usr/bin/chromium or in $CHROME_PATH.\n' +
        'Install it (Debian/Ubuntu, as root):  apt-get update && apt-get install -y chromium fonts-dejavu-core\n' +
        'or point CHROME_PATH at an existing Chromium/Chrome binary.',
    );
    process.exit(1);
  }
  return path;
}
