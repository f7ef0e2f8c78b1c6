import { authApiRoot, authPaths } from '@deckvalid/contract/api-paths';
// Types only: a value import from the auth contract would bring zod into the first chunk.
import type {
  AccountRole,
  AuthResponse,
  ChoosePasswordBody,
  ForgotPasswordBody,
  ForgotResetPasswordBody,
  LoginBody,
  LogoutQuery,
  MeResponse,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  SendCodeBody,
  Tokens,
  VerifyCodeBody,
  VerifyLinkBody,
} from '@deckvalid/contract/auth';
import { api } from '@/shared/api/api';
import { credentialHeadersOf } from '@/shared/api/credential-headers';

/** Every account call takes the role whose REST root it goes to (spec §7). */
type ForRole<Body> = { role: AccountRole; body: Body };

const url = (role: AccountRole, path: string) => `${authApiRoot[role]}${path}`;

/** Calls a stranger makes: no credentials, and a 401 here means "wrong password", not "session ended". */
const publicCall = { isPublic: true } as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<MessageResponse, ForRole<RegisterBody>>({
      query: ({ role, body }) => ({ url: url(role, authPaths.register), method: 'POST', body }),
      extraOptions: publicCall,
    }),
    login: build.mutation<AuthResponse, ForRole<LoginBody>>({
      query: ({ role, body }) => ({ url: url(role, authPaths.login), method: 'POST', body }),
      extraOptions: publicCall,
    }),
    verifyCode: build.mutation<AuthResponse, ForRole<VerifyCodeBody>>({
      query: ({ role, body }) => ({ url: url(role, authPaths.verifyCode), method: 'POST', body }),
      extraOptions: publicCall,
    }),
    verifyLink: build.mutation<AuthResponse, ForRole<VerifyLinkBody>>({
      query: ({ role, body }) => ({
        url: url(role, authPaths.verifyLink),
        method: 'POST',
        params: { service: 'email' },
        body,
      }),
      extraOptions: publicCall,
    }),
    sendCode: build.mutation<MessageResponse, ForRole<SendCodeBody>>({
      query: ({ role, body }) => ({
        url: url(role, authPaths.sendCode),
        method: 'POST',
        params: { service: 'email' },
        body,
      }),
      extraOptions: publicCall,
    }),
    forgotPassword: build.mutation<MessageResponse, ForRole<ForgotPasswordBody>>({
      query: ({ role, body }) => ({ url: url(role, authPaths.forgotPassword), method: 'POST', body }),
      extraOptions: publicCall,
    }),
    forgotResetPassword: build.mutation<MessageResponse, ForRole<ForgotResetPasswordBody>>({
      query: ({ role, body }) => ({ url: url(role, authPaths.forgotResetPassword), method: 'POST', body }),
      extraOptions: publicCall,
    }),
    /** Signed in: change the password by proving the current one. */
    resetPassword: build.mutation<MessageResponse, ForRole<ResetPasswordBody>>({
      query: ({ role, body }) => ({ url: url(role, authPaths.resetPassword), method: 'POST', body }),
    }),
    /**
     * The first password of an account verified without one (`passwordRequired`): reset-password
     * with no current password, under the session the verification just issued. That session is
     * stored only once a password is chosen, so the call names its credentials itself and is
     * marked public: the base query adds no stored ones, and a 401 here signs no stored role out.
     */
    choosePassword: build.mutation<MessageResponse, { role: AccountRole; tokens: Tokens; body: ChoosePasswordBody }>({
      query: ({ role, tokens, body }) => ({
        url: url(role, authPaths.resetPassword),
        method: 'POST',
        body,
        headers: credentialHeadersOf(tokens),
      }),
      extraOptions: publicCall,
    }),
    logout: build.mutation<MessageResponse, { role: AccountRole; type: LogoutQuery['type'] }>({
      query: ({ role, type }) => ({ url: url(role, authPaths.logout), method: 'POST', params: { type } }),
    }),
    me: build.query<MeResponse, AccountRole>({
      query: (role) => url(role, authPaths.me),
      providesTags: ['Me'],
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useVerifyCodeMutation,
  useVerifyLinkMutation,
  useSendCodeMutation,
  useForgotPasswordMutation,
  useForgotResetPasswordMutation,
  useResetPasswordMutation,
  useChoosePasswordMutation,
  useLogoutMutation,
  useMeQuery,
  useLazyMeQuery,
} = authApi;
