import type {
  AcceptMentorInvitationBody,
  AcceptMentorInvitationResponse,
  CreateMentorInvitationBody,
  FoundersMentorsResponse,
  MentorInvitation,
  MentorInvitationPreviewResponse,
  MentorsFoundersResponse,
} from '@deckvalid/contract/mentors';
import { founderMentorPaths, mentorFounderPaths } from '@deckvalid/contract/mentors';
import { api } from '@/shared/api/api';

const foundersMentorsTag = { type: 'Mentorship', id: 'FOUNDER' } as const;
const mentorsFoundersTag = { type: 'Mentorship', id: 'MENTOR' } as const;

/**
 * Mentorships from both sides: the founder's mentors and open invitations (invite, withdraw, end)
 * and the mentor's founders (accept an invitation's token, end).
 */
export const mentorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    foundersMentors: build.query<FoundersMentorsResponse, void>({
      query: () => founderMentorPaths.mentors,
      providesTags: [foundersMentorsTag],
    }),
    inviteMentor: build.mutation<MentorInvitation, CreateMentorInvitationBody>({
      query: (body) => ({ url: founderMentorPaths.invitations, method: 'POST', body }),
      transformResponse: (response: { invitation: MentorInvitation }) => response.invitation,
      invalidatesTags: [foundersMentorsTag],
    }),
    withdrawMentorInvitation: build.mutation<void, string>({
      query: (invitationId) => ({ url: founderMentorPaths.invitation(invitationId), method: 'DELETE' }),
      invalidatesTags: [foundersMentorsTag],
    }),
    endMentorshipAsFounder: build.mutation<void, string>({
      query: (mentorId) => ({ url: founderMentorPaths.mentor(mentorId), method: 'DELETE' }),
      invalidatesTags: [foundersMentorsTag],
    }),
    mentoredFounders: build.query<MentorsFoundersResponse['data'], void>({
      query: () => mentorFounderPaths.founders,
      transformResponse: (response: MentorsFoundersResponse) => response.data,
      providesTags: [mentorsFoundersTag],
    }),
    /** Who invites, their note and until when, read with the invitation's token alone. */
    mentorInvitationPreview: build.query<MentorInvitationPreviewResponse['invitation'], string>({
      query: (token) => ({ url: mentorFounderPaths.preview, method: 'POST', body: { token } }),
      transformResponse: (response: MentorInvitationPreviewResponse) => response.invitation,
    }),
    acceptMentorInvitation: build.mutation<AcceptMentorInvitationResponse, AcceptMentorInvitationBody>({
      query: (body) => ({ url: mentorFounderPaths.accept, method: 'POST', body }),
      invalidatesTags: [mentorsFoundersTag],
    }),
    endMentorshipAsMentor: build.mutation<void, string>({
      query: (founderId) => ({ url: mentorFounderPaths.founder(founderId), method: 'DELETE' }),
      invalidatesTags: [mentorsFoundersTag],
    }),
  }),
});

export const {
  useFoundersMentorsQuery,
  useInviteMentorMutation,
  useWithdrawMentorInvitationMutation,
  useEndMentorshipAsFounderMutation,
  useMentoredFoundersQuery,
  useMentorInvitationPreviewQuery,
  useAcceptMentorInvitationMutation,
  useEndMentorshipAsMentorMutation,
} = mentorsApi;
