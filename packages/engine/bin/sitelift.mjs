#!/usr/bin/env node
// The `sitelift` command: registers tsx so the engine's TypeScript sources run as they are, then
// hands over to src/cli/main.ts.
import { register } from 'tsx/esm/api';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  process.stderr.write(
    `sitelift: Node ${process.versions.node} is too old: use Node 22.12 or newer (24 recommended).\n`,
  );
  process.exit(1);
}
register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
// Exit explicitly: a stray handle (a browser pipe, a keep-alive socket) must not keep the CLI alive.
process.stdout.write('', () => process.exit(code));
