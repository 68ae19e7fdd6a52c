// Run by sandbox.test.ts in a separate process (as an unprivileged user when the tests run as root):
// finds the browser, renders a page with launchChromium, and prints what the sandbox decision was and
// whether the renderers really run under a seccomp filter.
import { launchChromium } from './chromium';
import { findBrowser } from './find-browser';
import { listDescendants } from './process-tree.fixture';

const { browser, warnings } = await findBrowser();
if (browser === undefined) {
  process.stdout.write(JSON.stringify({ error: warnings.join(' ') }));
} else {
  const chrome = await launchChromium({ executablePath: browser.path });
  try {
    const page = await chrome.newPage();
    await page.setContent('<p id="x">rendered</p>');
    const text = await page.textContent('#x');
    const renderers = listDescendants().filter((entry) =>
      entry.commandLine.includes('--type=renderer'),
    );
    process.stdout.write(
      JSON.stringify({
        uid: process.getuid?.(),
        sandbox: browser.sandbox,
        warnings,
        text,
        rendererSeccomp: renderers.map((entry) => entry.seccomp),
      }),
    );
  } finally {
    await chrome.close();
  }
}
