// Debian's Chromium and the flags every headless run here uses (Playwright, Lighthouse): no
// background network traffic, which this machine's closed network would refuse anyway.
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
