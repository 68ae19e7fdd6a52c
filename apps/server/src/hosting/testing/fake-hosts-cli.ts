import { parseArgs } from 'node:util';
import { startFakeCloudflare } from './fake-cloudflare-server';
import { startFakeNetlify } from './fake-netlify-server';
import { startFakeVercel } from './fake-vercel-server';

// The three fake hosting APIs on fixed loopback ports, for the browser tests and local runs (issue 27):
//   node --import tsx apps/server/src/hosting/testing/fake-hosts-cli.ts --netlify-port 3925 \
//     --vercel-port 3926 --cloudflare-port 3927
// Each accepts the tokens of --tokens (comma-separated), and prints the base URL to configure
// (NETLIFY_API_URL, VERCEL_API_URL, CLOUDFLARE_API_URL).

const { values } = parseArgs({
  options: {
    'netlify-port': { type: 'string', default: '3925' },
    'vercel-port': { type: 'string', default: '3926' },
    'cloudflare-port': { type: 'string', default: '3927' },
    tokens: {
      type: 'string',
      default: 'netlify-e2e-token-0123456789,vercel-partner-e2e-0123456789',
    },
  },
});
const tokens = values.tokens.split(',').filter(Boolean);
const hosts = await Promise.all([
  startFakeNetlify({ tokens, port: Number(values['netlify-port']) }),
  startFakeVercel({ tokens, port: Number(values['vercel-port']) }),
  startFakeCloudflare({ tokens, port: Number(values['cloudflare-port']) }),
]);
for (const [name, host] of [
  ['NETLIFY_API_URL', hosts[0]],
  ['VERCEL_API_URL', hosts[1]],
  ['CLOUDFLARE_API_URL', hosts[2]],
] as const) {
  console.log(`${name}=${host.url}`);
}
const stop = () => {
  void Promise.all(hosts.map((host) => host.close())).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
