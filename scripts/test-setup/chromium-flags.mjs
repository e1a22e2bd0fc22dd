// Debian's Chromium and the flags every headless run here uses (Playwright, Lighthouse): no
// background network traffic, which this machine's closed network would refuse anyway.
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

// The end-to-end tests run Debian's headless shell (package chromium-headless-shell): the same
// Chromium, built without the browser's window, which is what Playwright itself runs headless. The
// full browser's headless mode keeps its user interface's pages and a GPU process busy on two cores:
// the same two specs took 135 and 151 s with it, 93 and 111 s with the shell (decision 0196). The
// benches and the screenshots keep the full browser: what a visitor's browser paints.
export const testChromiumPath = process.env.TEST_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
