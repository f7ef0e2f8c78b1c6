import { Alert, Badge, Button } from '@mantine/core';
import { IconAlertTriangle, IconReportAnalytics } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import {
  analysisApi,
  useFounderDeckAnalysisQuery,
  useInvestorDeckAnalysisQuery,
  useMentorDeckAnalysisQuery,
} from '../analysis-api';
import { isReportNotReady } from '../analysis-format';
import { AnalysisQueryView, notReadyPollMs } from './analysis-states';
import type { PageHref } from './page-link';

/** Poll while the cached answer is a NOT_READY 409; stop as soon as there is a report or another error. */
function pollWhileNotReady(error: unknown): number {
  return error && isReportNotReady(describeApiError(error)) ? notReadyPollMs : 0;
}

/** The live version's report as an investor reads it (/analysis/{pitchDeckId}). */
export function InvestorDeckAnalysis({ deckId, pageHref }: { deckId: string; pageHref: PageHref }) {
  const cached = analysisApi.endpoints.investorDeckAnalysis.useQueryState(deckId);
  const query = useInvestorDeckAnalysisQuery(deckId, {
    pollingInterval: pollWhileNotReady(cached.error),
    skipPollingIfUnfocused: true,
  });
  return <AnalysisQueryView query={query} pageHref={pageHref} />;
}

type FounderDeckAnalysisProps = {
  deckId: string;
  /** The version shown on the deck page (its version picker); its report is the one read. */
  version: number;
  /** That version's processing state: a failed one has no report, so nothing is asked for. */
  versionStatus: 'processing' | 'ready' | 'failed';
  pageHref: PageHref;
};

/** One version's report in the founder's Report tab (/founder/view/{id}?tab=report). */
export function FounderDeckAnalysis({ deckId, version, versionStatus, pageHref }: FounderDeckAnalysisProps) {
  const args = { deckId, version };
  const cached = analysisApi.endpoints.founderDeckAnalysis.useQueryState(args);
  const isFailed = versionStatus === 'failed';
  const query = useFounderDeckAnalysisQuery(args, {
    skip: isFailed,
    pollingInterval: pollWhileNotReady(cached.error),
    skipPollingIfUnfocused: true,
  });
  // A version that turns ready is asked for again at once, not at the next poll.
  const previousStatus = useRef(versionStatus);
  const { refetch } = query;
  useEffect(() => {
    const wasProcessing = previousStatus.current === 'processing';
    previousStatus.current = versionStatus;
    if (wasProcessing && versionStatus === 'ready') void refetch();
  }, [versionStatus, refetch]);
  if (isFailed) {
    return (
      <Alert
        color="gray"
        variant="light"
        radius="lg"
        icon={<IconAlertTriangle aria-hidden />}
        title={`Version ${version} has no report`}
        data-testid="analysis-version-failed"
      >
        We couldn't read this version's file, so there is nothing to validate. Upload a new version to get its report.
      </Alert>
    );
  }
  return <AnalysisQueryView query={query} pageHref={pageHref} />;
}

/** One ready version's report as a mentor of the founder reads it (the mentor deck page's Report tab). */
export function MentorDeckAnalysis({
  deckId,
  version,
  pageHref,
}: {
  deckId: string;
  version: number;
  pageHref: PageHref;
}) {
  const args = { deckId, version };
  const cached = analysisApi.endpoints.mentorDeckAnalysis.useQueryState(args);
  const query = useMentorDeckAnalysisQuery(args, {
    pollingInterval: pollWhileNotReady(cached.error),
    skipPollingIfUnfocused: true,
  });
  return <AnalysisQueryView query={query} pageHref={pageHref} />;
}

/**
 * "Validation report" for the investor's deck page, with the score once it is known (the same
 * cached call the analysis page makes, so following the link shows the report at once).
 */
export function AnalysisReportLink({ deckId, to }: { deckId: string; to: string }) {
  const { data } = useInvestorDeckAnalysisQuery(deckId);
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      size="sm"
      leftSection={<IconReportAnalytics size={16} aria-hidden />}
      rightSection={
        data ? (
          <Badge size="sm" variant="filled" color="indigo" data-testid="analysis-link-score">
            {data.score}/100
          </Badge>
        ) : null
      }
      data-testid="analysis-link"
    >
      Validation report
    </Button>
  );
}
