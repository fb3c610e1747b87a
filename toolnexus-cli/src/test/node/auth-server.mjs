// The authorization server of the toolnexus-oauth tests: oidc-provider on 127.0.0.1 (a free port),
// issuing client-credentials access tokens for resource indicators. Prints {"issuer": ...} on
// stdout once it listens, and runs until its stdin closes.
//
// Clients: svc (JWT access tokens, 300 s), short (JWT, 1 s, to expire), opaque (opaque tokens,
// checked by introspection), rs (the resource server itself: introspects). Every secret is
// "<client>-secret". Every resource grants the scopes tools:read and tools:admin.
//
// For the authorization code flow (PKCE, refresh tokens, loopback redirects on any port): app (a
// public native client) and web (a confidential one, secret "web-secret"); dynamic registration is
// open at /reg. The login and consent pages are the provider's own development interactions: any
// login and password sign in.
import http from 'node:http';
import Provider from 'oidc-provider';

const SCOPES = 'tools:read tools:admin';
const client = (id, extra = {}) => ({
  client_id: id,
  client_secret: `${id}-secret`,
  grant_types: ['client_credentials'],
  redirect_uris: [],
  response_types: [],
  scope: SCOPES,
  ...extra,
});

const native = (id, extra = {}) => ({
  client_id: id,
  application_type: 'native',
  grant_types: ['authorization_code', 'refresh_token'],
  redirect_uris: ['http://127.0.0.1/callback'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  scope: SCOPES,
  ...extra,
});

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      client('svc'),
      client('short'),
      client('opaque'),
      client('rs'),
      native('app'),
      native('web', { client_secret: 'web-secret', token_endpoint_auth_method: 'client_secret_basic' }),
    ],
    issueRefreshToken: async (ctx, c) => c.grantTypeAllowed('refresh_token'),
    scopes: ['openid', 'tools:read', 'tools:admin'],
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: true, allowedPolicy: () => true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, resource, c) => ({
          scope: SCOPES,
          audience: resource,
          accessTokenTTL: c.clientId === 'short' ? 1 : 300,
          accessTokenFormat: c.clientId === 'opaque' ? 'opaque' : 'jwt',
        }),
      },
    },
  });
  server.on('request', provider.callback());
  process.stdout.write(JSON.stringify({ issuer }) + '\n');
});

process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
