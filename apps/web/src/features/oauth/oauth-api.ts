import { linkedIdentityPaths, oauthPaths } from '@deckvalid/contract/api-paths';
// Types only: a value import from the contract would bring zod into the sign-in chunk.
import type { AccountRole, AuthResponse } from '@deckvalid/contract/auth';
import type {
  LinkedIdentitiesResponse,
  OAuthCallbackBody,
  OAuthCallbackResponse,
  OAuthProvidersResponse,
  OAuthStartResponse,
} from '@deckvalid/contract/oauth';
import { api } from '@/shared/api/api';

/** Calls a stranger makes: no credentials, and a refusal signs no stored role out. */
const publicCall = { isPublic: true } as const;

/** Sign-in through identity providers (spec §7 OAuth) and the linked providers of account settings. */
export const oauthApi = api.injectEndpoints({
  endpoints: (build) => ({
    oauthProviders: build.query<OAuthProvidersResponse, void>({
      query: () => oauthPaths.providers,
      extraOptions: publicCall,
    }),
    startOAuth: build.mutation<OAuthStartResponse, { provider: string; role: AccountRole }>({
      query: ({ provider, role }) => ({ url: oauthPaths.start(provider, role) }),
      extraOptions: publicCall,
    }),
    finishOAuthCallback: build.mutation<OAuthCallbackResponse, { provider: string; body: OAuthCallbackBody }>({
      query: ({ provider, body }) => ({ url: oauthPaths.callback(provider), method: 'POST', body }),
      extraOptions: publicCall,
    }),
    exchangeOAuthCode: build.mutation<AuthResponse, { provider: string; exchangeCode: string }>({
      query: ({ provider, exchangeCode }) => ({
        url: oauthPaths.exchange(provider),
        method: 'POST',
        body: { exchangeCode },
      }),
      extraOptions: publicCall,
    }),
    linkedIdentities: build.query<LinkedIdentitiesResponse, AccountRole>({
      query: (role) => linkedIdentityPaths[role].list,
    }),
    unlinkIdentity: build.mutation<void, { role: AccountRole; provider: string }>({
      query: ({ role, provider }) => ({ url: linkedIdentityPaths[role].unlink(provider), method: 'DELETE' }),
    }),
  }),
});

export const {
  useOauthProvidersQuery,
  useStartOAuthMutation,
  useFinishOAuthCallbackMutation,
  useExchangeOAuthCodeMutation,
  useLinkedIdentitiesQuery,
  useUnlinkIdentityMutation,
} = oauthApi;
