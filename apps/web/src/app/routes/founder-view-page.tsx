import { Divider, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconGitCompare, IconSchool } from '@tabler/icons-react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { FounderDeckAnalysis } from '@/features/analysis/components/deck-analysis';
import { TypeSizeLine } from '@/features/analysis/components/type-size-line';
import { selectUser } from '@/features/auth/auth-slice';
import { CommentRegionsLayer } from '@/features/deck-feedback/components/comment-regions-layer';
import { CommentsPanel } from '@/features/deck-feedback/components/comments-panel';
import { FounderReviewsList } from '@/features/deck-feedback/components/deck-reviews';
import { ScoreMovement, VersionChanges } from '@/features/deck-feedback/components/version-changes';
import { useDeckCommentsQuery } from '@/features/deck-feedback/feedback-api';
import { regionsOnPage } from '@/features/deck-feedback/feedback-model';
import { FounderDeckInterests } from '@/features/interests/components/founder-interest-list';
import { FounderMilestoneInvestors } from '@/features/interests/components/founder-milestone-investors';
import { ShareLinksPanel } from '@/features/links/components/share-links-panel';
import { FounderDeckView } from '@/features/pitchdecks/components/founder-deck-view';

/**
 * /founder/view/{id}: the deck and its analytics (pitchdecks) with its interests (interests)
 * beside, the shown version's validation report (analysis) in the Report tab, the deck's share
 * links with their visitors (links) in the Share tab, the mentors' comments and reviews
 * (deck-feedback) in the Mentors tab, and what changed between two versions in its own tab.
 */
export function FounderViewPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const viewerId = useSelector(selectUser)?.id ?? '';
  const markedComment = useSearchParams()[0].get('comment');
  if (!id) return <Navigate to={paths.founder.pitchdecks} replace />;
  return (
    <FounderDeckView
      key={id}
      deckId={id}
      listPath={paths.founder.pitchdecks}
      submitPath={paths.founder.submit}
      renderShare={({ readyVersions, pageCount }) => (
        <ShareLinksPanel owner={{ deckId: id }} versions={readyVersions} pageCount={pageCount} />
      )}
      renderTypeSize={(shown) => <TypeSizeLine deckId={id} version={shown.number} versionStatus={shown.status} />}
      renderReport={(shown) => (
        <FounderDeckAnalysis
          deckId={id}
          version={shown.number}
          versionStatus={shown.status}
          pageHref={(page) => paths.founder.view(id, { page })}
        />
      )}
      renderPageOverlay={(shown, page) => (
        <FounderCommentRegions
          deckId={id}
          version={shown.number}
          page={page}
          markedId={markedComment}
          onSelect={(commentId) => navigate(paths.founder.view(id, { tab: 'mentors', comment: commentId }))}
        />
      )}
      moreTabs={[
        {
          value: 'mentors',
          label: 'Mentors',
          icon: <IconSchool size={16} aria-hidden />,
          versionLabel: 'Comments on',
          render: ({ shown, readyVersions }) => (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <CommentsPanel
                  deckId={id}
                  version={shown.number}
                  pageCount={shown.pageCount ?? undefined}
                  viewerId={viewerId}
                  highlightedId={null}
                  onShow={(comment) => navigate(paths.founder.view(id, { page: comment.page, comment: comment.id }))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="sm" component="section" aria-labelledby="mentor-reviews-title">
                  <Title order={2} fz="lg" id="mentor-reviews-title">
                    Reviews
                  </Title>
                  <ScoreMovement deckId={id} side="founder" versions={readyVersions} />
                  <FounderReviewsList deckId={id} />
                </Stack>
              </Grid.Col>
            </Grid>
          ),
        },
        {
          value: 'changes',
          label: 'What changed',
          icon: <IconGitCompare size={16} aria-hidden />,
          render: ({ readyVersions }) => <VersionChanges deckId={id} side="founder" versions={readyVersions} />,
        },
      ]}
      sidePanel={
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Interested investors
            </Title>
            <FounderDeckInterests deckId={id} />
            <Divider />
            <Stack gap={4}>
              <Title order={3} fz="md">
                Milestone investors
              </Title>
              <Text fz="xs" c="dimmed">
                Accepted investors, who can follow the milestones you share.
              </Text>
            </Stack>
            <FounderMilestoneInvestors deckId={id} />
          </Stack>
        </Paper>
      }
    />
  );
}

type FounderCommentRegionsProps = {
  deckId: string;
  version: number;
  page: number;
  markedId: string | null;
  onSelect: (commentId: string) => void;
};

/** The mentors' comment regions on the founder's viewer page; one opens the Mentors tab. */
function FounderCommentRegions({ deckId, version, page, markedId, onSelect }: FounderCommentRegionsProps) {
  const comments = useDeckCommentsQuery(deckId);
  return (
    <CommentRegionsLayer
      comments={regionsOnPage(comments.data ?? [], version, page)}
      highlightedId={markedId}
      isDrawing={false}
      draftRegion={null}
      onDraw={() => {}}
      onSelect={onSelect}
    />
  );
}
