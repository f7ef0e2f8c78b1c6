import type { AiAction, AiActionStatus, AiCitation, AiTable } from '@deckvalid/contract/ai';
import { Alert, Anchor, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/shared/api/api-error';
import { useCancelCopilotActionMutation, useConfirmCopilotActionMutation } from '../copilot-api';
import { actionOutcome, actionTitle, replyTextOf, splitCitations, statusOfRefusal, tryNextOf } from '../copilot-model';
import type { HeldReply } from '../hooks/use-copilot-replies';

/** A citation's address: the investor's deck page with the viewer at the cited page. */
const citationHref = (citation: AiCitation) => paths.investor.pitchDeck(citation.pitchDeckId, { page: citation.page });

/** The answer's words with each `[n]` as a link to the viewer at that page; the rest stays text. */
function CitedText({ text, citations, onLeave }: { text: string; citations: AiCitation[]; onLeave: () => void }) {
  let offset = 0;
  return splitCitations(text, citations).map((part) => {
    // The parts of one text never move, so their offset is a stable key.
    const key = offset;
    offset += part.kind === 'text' ? part.text.length : String(part.number).length + 2;
    if (part.kind === 'text') return <Fragment key={key}>{part.text}</Fragment>;
    return (
      <Anchor
        key={key}
        component={Link}
        to={citationHref(part.citation)}
        onClick={onLeave}
        fz="xs"
        fw={700}
        title={part.citation.quote}
        aria-label={`Source ${part.number}: page ${part.citation.page}`}
        data-testid="copilot-citation"
        data-page={part.citation.page}
        style={{ verticalAlign: 'super', lineHeight: 0 }}
      >
        [{part.number}]
      </Anchor>
    );
  });
}

/**
 * The row labels stay put while a phone scrolls the decks' columns under them, so every figure
 * keeps its name in sight; the line on the right marks where the columns slide under.
 */
const stickyColumn = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-gray-0)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
  minWidth: 110,
} as const;

/** A comparison, one column a deck: it scrolls sideways inside the bubble on a phone. */
function AnswerTable({ table, citations, onLeave }: { table: AiTable; citations: AiCitation[]; onLeave: () => void }) {
  const [corner, ...decks] = table.columns;
  return (
    <Table.ScrollContainer
      minWidth={Math.max(300, 120 + decks.length * 150)}
      type="native"
      data-testid="copilot-table"
      // Focusable, so a keyboard can scroll a table wider than the bubble.
      tabIndex={0}
      aria-label="Comparison"
      style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Table fz="xs" striped withColumnBorders verticalSpacing={6} horizontalSpacing="xs" bg="white">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={stickyColumn}>
              {corner}
            </Table.Th>
            {decks.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for one answer, and two decks may share a name.
              <Table.Th key={index} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, rowIndex) => {
            const [label, ...cells] = row;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for one answer.
              <Table.Tr key={rowIndex}>
                <Table.Th scope="row" fw={600} style={stickyColumn}>
                  {label}
                </Table.Th>
                {cells.map((cell, cellIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are fixed for one answer.
                  <Table.Td key={cellIndex}>
                    <CitedText text={cell} citations={citations} onLeave={onLeave} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Where each `[n]` points, with the words quoted from that page. */
function Sources({ citations, onLeave }: { citations: AiCitation[]; onLeave: () => void }) {
  return (
    <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Sources">
      {citations.map((citation, index) => (
        <Text
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: a citation's number is its place in the list.
          key={index}
          fz={11}
          c="dimmed"
          lineClamp={2}
        >
          <Anchor component={Link} to={citationHref(citation)} onClick={onLeave} inherit fw={600} c="violet.8">
            [{index + 1}] page {citation.page}
          </Anchor>{' '}
          “{citation.quote}”
        </Text>
      ))}
    </Box>
  );
}

/**
 * A proposed change (show or withdraw interest): nothing happens until Confirm, which runs it
 * once; a second decision is refused with 409 and an expired one with 410, both said in words.
 */
function ActionCard({
  action,
  status,
  onStatus,
}: {
  action: AiAction;
  status: AiActionStatus;
  onStatus: (status: AiActionStatus) => void;
}) {
  const [confirm, confirming] = useConfirmCopilotActionMutation();
  const [cancel, cancelling] = useCancelCopilotActionMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const isBusy = confirming.isLoading || cancelling.isLoading;
  const outcome = actionOutcome(action.kind, status);

  const decide = async (run: () => Promise<{ action: { status: AiActionStatus } }>) => {
    setRefusal(null);
    try {
      const answer = await run();
      onStatus(answer.action.status);
    } catch (error) {
      const problem = describeApiError(error);
      // 409: decided already (perhaps by 'yes' in the room, or another device); 410: too late.
      const decided = problem.status === 409 || problem.status === 410 ? statusOfRefusal(problem.details) : null;
      if (decided) onStatus(decided);
      setRefusal(problem.message);
    }
  };

  return (
    <Stack
      gap={6}
      p="xs"
      data-testid="copilot-action"
      data-status={status}
      style={{ borderRadius: 8, border: '1px solid var(--mantine-color-violet-2)', background: 'white' }}
    >
      <Text fz="xs" fw={600}>
        {actionTitle(action.kind)}
        {action.note ? (
          <Text span fz="xs" fw={400} c="dimmed">
            {' '}
            with the note “{action.note}”
          </Text>
        ) : null}
      </Text>
      {status === 'pending' ? (
        <Group gap="xs">
          <Button
            size="compact-sm"
            color="violet.7"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={confirming.isLoading}
            disabled={isBusy}
            onClick={() => void decide(() => confirm({ id: action.id, pitchDeckId: action.pitchDeckId }).unwrap())}
          >
            Confirm
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            loading={cancelling.isLoading}
            disabled={isBusy}
            onClick={() => void decide(() => cancel({ id: action.id }).unwrap())}
          >
            Cancel
          </Button>
        </Group>
      ) : null}
      {refusal ? (
        <Text fz="xs" c="red.8" role="alert" data-testid="copilot-action-refusal">
          {refusal}
        </Text>
      ) : outcome ? (
        <Text fz="xs" c={status === 'confirmed' ? 'teal.9' : 'dimmed'} role="status">
          {outcome}
        </Text>
      ) : null}
    </Stack>
  );
}

type CopilotAnswerProps = {
  /** The stored answer's text (what the room keeps). */
  text: string;
  /** Its structured part, once known; plain text until then. */
  held: HeldReply | null | undefined;
  /** Only the newest answer offers 'Try next': older follow-ups belong to a moment that passed. */
  isLatest: boolean;
  isAsking: boolean;
  onAsk: (question: string) => void;
  onActionStatus: (status: AiActionStatus) => void;
  onLeave: () => void;
};

/** One of the copilot's answers: its words with citation links, a table, a proposal, and follow-ups. */
export function CopilotAnswer({ text, held, isLatest, isAsking, onAsk, onActionStatus, onLeave }: CopilotAnswerProps) {
  const reply = held?.reply;
  const citations = reply?.citations ?? [];
  const examples = reply && isLatest ? tryNextOf(reply.examples, { hasAction: Boolean(reply.action) }) : [];
  return (
    <Stack gap={6} data-testid="copilot-answer" style={{ minWidth: 0, maxWidth: reply?.table ? '100%' : '92%' }}>
      <Box
        px="sm"
        py={8}
        bg="gray.1"
        fz="sm"
        style={{ borderRadius: '4px 12px 12px 12px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="copilot-answer-text"
      >
        <CitedText text={replyTextOf(reply?.text ?? text)} citations={citations} onLeave={onLeave} />
      </Box>
      {reply?.table ? <AnswerTable table={reply.table} citations={citations} onLeave={onLeave} /> : null}
      {citations.length > 0 ? <Sources citations={citations} onLeave={onLeave} /> : null}
      {reply?.action ? (
        <ActionCard action={reply.action} status={held?.actionStatus ?? 'pending'} onStatus={onActionStatus} />
      ) : null}
      {examples.length > 0 ? (
        <Group gap={6} aria-label="Try next" role="group" data-testid="copilot-try-next">
          <Text fz={11} c="dimmed" fw={600}>
            Try next
          </Text>
          {examples.map((example) => (
            <Button
              key={example.label}
              size="compact-xs"
              radius="xl"
              variant="light"
              color="violet"
              disabled={isAsking}
              onClick={() => onAsk(example.label)}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              h="auto"
              py={3}
            >
              {example.label}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

/** The failed ask's place in the conversation (spec §8), with a way to ask again. */
export function CopilotFailure({ message, onRetry }: { message: string; onRetry: (() => void) | null }) {
  return (
    <Alert color="red" variant="light" p="xs" maw="92%" role="alert" data-testid="copilot-failure">
      <Stack gap={4} align="flex-start">
        <Text fz="sm">{message}</Text>
        {onRetry ? (
          <Button size="compact-xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
