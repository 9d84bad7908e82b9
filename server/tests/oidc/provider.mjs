// A real OpenID Connect provider for the shop's Google sign-in tests: the
// certified `oidc-provider` package on 127.0.0.1, with one confidential client
// (the shop) and test accounts. Its own development login and consent pages
// ("devInteractions") stand in for Google's: any password is accepted for a
// known account, whose login name is its e-mail address.
//
//   node provider.mjs --port 0 --client-id ID --client-secret SECRET \
//     --redirect-uri http://127.0.0.1:8080/api/auth/google/callback \
//     --account '{"email":"ann@example.com","name":"Ann Driver","email_verified":true}'
//
// --redirect-uri and --account may be given more than once. Once it listens it
// prints "ready http://127.0.0.1:PORT" (its issuer) on a line of its own. It
// exits when its standard input closes, so it never outlives the test run
// that started it.

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

import Provider from 'oidc-provider';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true, default: [] },
    account: { type: 'string', multiple: true, default: [] },
  },
});

for (const required of ['client-id', 'client-secret']) {
  if (!args[required]) {
    console.error(`provider.mjs: --${required} is required`);
    process.exit(2);
  }
}
if (args['redirect-uri'].length === 0) {
  console.error('provider.mjs: at least one --redirect-uri is required');
  process.exit(2);
}

/** Test accounts by login name (their e-mail, lower-case). */
const accounts = new Map(
  args.account.map((json) => {
    const account = JSON.parse(json);
    return [String(account.email).toLowerCase(), account];
  }),
);

// Listen first, so the issuer can name the port the system picked.
let handler = (_req, res) => {
  res.statusCode = 503;
  res.end();
};
const server = createServer((req, res) => handler(req, res));
await new Promise((resolve) => server.listen(Number(args.port), args.host, resolve));
const issuer = `http://${args.host}:${server.address().port}`;

// A signing key of its own for each run, as a real provider publishes at jwks_uri.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: args['client-id'],
      client_secret: args['client-secret'],
      redirect_uris: args['redirect-uri'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  // Like Google: the ID token itself carries the e-mail and the name.
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const account = accounts.get(String(id).toLowerCase());
    if (!account) return undefined;
    return {
      accountId: account.email.toLowerCase(),
      async claims() {
        return {
          sub: account.email.toLowerCase(),
          email: account.email,
          email_verified: account.email_verified !== false,
          name: account.name,
        };
      },
    };
  },
});
provider.on('server_error', (_ctx, error) => console.error('provider server_error:', error));

const callback = provider.callback();
handler = (req, res) => callback(req, res);

console.log(`ready ${issuer}`);

process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
process.on('SIGTERM', () => process.exit(0));
