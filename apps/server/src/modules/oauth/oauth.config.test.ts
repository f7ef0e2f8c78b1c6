import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLoopbackHttp, loadConfig } from '@/config';

/** The OAUTH_<NAME>_* variables as config.ts reads them (README, "Sign-in with Google, …"). */
const base = { DATA_DIR: tmpdir(), AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://pitchlane.example.com/' };

describe('identity provider configuration', () => {
  it('enables a provider only with both its client id and secret, redirecting to PUBLIC_URL/oauth/callback', () => {
    const none = loadConfig(base).oauth;
    expect(none).toEqual({ providers: [], redirectUrl: 'https://pitchlane.example.com/oauth/callback' });
    const config = loadConfig({
      ...base,
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 'gs',
      // Empty is unset: LinkedIn stays off.
      OAUTH_LINKEDIN_CLIENT_ID: '',
      OAUTH_LINKEDIN_CLIENT_SECRET: '',
      OAUTH_GITHUB_CLIENT_ID: 'h',
      OAUTH_GITHUB_CLIENT_SECRET: 'hs',
    }).oauth;
    expect(config.providers).toEqual([
      {
        kind: 'oidc',
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g',
        clientSecret: 'gs',
      },
      {
        kind: 'github',
        id: 'github',
        name: 'GitHub',
        authorizeUrl: 'https://github.com/login/oauth/authorize',
        tokenUrl: 'https://github.com/login/oauth/access_token',
        apiUrl: 'https://api.github.com',
        clientId: 'h',
        clientSecret: 'hs',
      },
    ]);
  });

  it('names any OpenID Connect issuer by OAUTH_<NAME>_ISSUER, with an optional button name', () => {
    const [keycloak] = loadConfig({
      ...base,
      OAUTH_KEYCLOAK_ISSUER: 'https://id.example.com/realms/pitch/',
      OAUTH_KEYCLOAK_CLIENT_ID: 'k',
      OAUTH_KEYCLOAK_CLIENT_SECRET: 'ks',
      OAUTH_KEYCLOAK_NAME: 'Example SSO',
    }).oauth.providers;
    expect(keycloak).toMatchObject({
      id: 'keycloak',
      name: 'Example SSO',
      issuer: 'https://id.example.com/realms/pitch',
    });
  });

  it('allows plain http only on 127.0.0.1, and says what is wrong', () => {
    const local = { OAUTH_DEX_CLIENT_ID: 'd', OAUTH_DEX_CLIENT_SECRET: 'ds' };
    expect(
      loadConfig({ ...base, ...local, OAUTH_DEX_ISSUER: 'http://127.0.0.1:5556/dex' }).oauth.providers,
    ).toHaveLength(1);
    expect(() => loadConfig({ ...base, ...local, OAUTH_DEX_ISSUER: 'http://localhost:5556/dex' })).toThrow(
      /OAUTH_DEX_ISSUER must use https/,
    );
    expect(() => loadConfig({ ...base, OAUTH_GOOGLE_CLIENT_ID: 'g' })).toThrow(/go together/);
    expect(() =>
      loadConfig({
        ...base,
        OAUTH_GITHUB_CLIENT_ID: 'h',
        OAUTH_GITHUB_CLIENT_SECRET: 'hs',
        OAUTH_GITHUB_ISSUER: 'https://github.com',
      }),
    ).toThrow(/not an OpenID Connect issuer/);
    expect(isLoopbackHttp('http://127.0.0.1:4000')).toBe(true);
    expect(isLoopbackHttp('https://127.0.0.1:4000')).toBe(false);
    expect(isLoopbackHttp('http://localhost:4000')).toBe(false);
  });
});
