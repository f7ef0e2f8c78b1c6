import type { DataRoomItem } from '@deckvalid/contract/datarooms';
import { publicLinkPaths } from '@deckvalid/contract/links';
import { Button, Grid, Group, Loader, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFile, IconFileTypePdf, IconFolder, IconFolders } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { formatFileSize } from '@/shared/api/upload-file';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useLinkViewRecorder } from '../hooks/use-link-view-recorder';
import { useLinkRoomQuery } from '../links-api';
import {
  KeepInPitchlane,
  LinkDocument,
  type LinkReaderProps,
  ReaderShell,
  useLinkDownload,
  useLinkFile,
} from './link-reader-shell';

/** The document open, in `?doc=`: a reload or a copied address opens the same one. */
const docParam = 'doc';

/** A PDF the server processed opens in the viewer; anything else only downloads. */
const isViewable = (item: DataRoomItem) => item.mime === 'application/pdf' && item.status === 'ready';

/** Folders first, then files, each by name as a person sorts them. */
function childrenOf(items: readonly DataRoomItem[], parentId: string | null): DataRoomItem[] {
  return items
    .filter((item) => item.parentId === parentId)
    .sort((a, b) =>
      a.kind === b.kind ? a.name.localeCompare(b.name, undefined, { numeric: true }) : a.kind === 'folder' ? -1 : 1,
    );
}

/**
 * A data room opened through its link: the room's folders and files on one side, the document
 * picked on the other (a PDF in the viewer with its reading reported per document; any other file
 * to download when the link allows it), and the invitation to Pitchlane after it.
 */
export function LinkRoomReader({ slug, link, access, onAccessEnded, signupHref, homeHref }: LinkReaderProps) {
  const room = useLinkRoomQuery({ slug, viewerToken: access.viewerToken });
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get(docParam);
  const problem = room.error ? describeApiError(room.error) : null;

  useEffect(() => {
    if (problem?.status === 401) onAccessEnded('token');
    else if (problem?.status === 404 || problem?.status === 410) onAccessEnded('gone');
  }, [problem?.status, onAccessEnded]);

  const items = room.data?.items ?? [];
  const open = items.find((item) => item.id === openId && item.kind === 'file') ?? null;
  const pick = (itemId: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(docParam, itemId);
        return next;
      },
      { replace: false },
    );

  return (
    <ReaderShell
      homeHref={homeHref}
      link={link}
      action={null}
      cta={
        <KeepInPitchlane
          title="Follow this company on Pitchlane"
          text={`Create an investor account${access.email ? ` with ${access.email}` : ''} to browse pitch decks and follow the companies you back. Keep this link to come back to the room.`}
          href={signupHref(access.email)}
        />
      }
    >
      {room.isLoading ? (
        <Loader aria-label="Loading the data room" />
      ) : !room.data ? (
        <FormErrorAlert title="We couldn't open the data room" message={problem?.message ?? null} />
      ) : (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <Paper withBorder radius="lg" p="xs" component="nav" aria-label="Documents in this room">
              {items.length === 0 ? (
                <Text fz="sm" c="dimmed" p="sm" data-testid="link-room-empty">
                  This room has no documents yet.
                </Text>
              ) : (
                <ScrollArea.Autosize mah={560} type="auto">
                  <RoomTree items={items} parentId={null} openId={open?.id ?? null} onPick={pick} />
                </ScrollArea.Autosize>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            {open ? (
              <RoomDocument
                key={open.id}
                slug={slug}
                item={open}
                allowDownload={link.allowDownload}
                isWatermarked={link.watermark}
                viewerToken={access.viewerToken}
                onAccessEnded={onAccessEnded}
              />
            ) : (
              <Paper withBorder radius="lg" p="xl" data-testid="link-room-pick">
                <Stack gap={6} align="center" ta="center">
                  <IconFolders size={32} aria-hidden color="var(--mantine-color-gray-6)" />
                  <Text fw={600}>Pick a document</Text>
                  <Text fz="sm" c="dimmed" maw={420}>
                    Open a document from the room’s list. PDFs open here; other files download
                    {link.allowDownload ? '.' : ' when the founder allows it.'}
                  </Text>
                </Stack>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </ReaderShell>
  );
}

type RoomTreeProps = {
  items: readonly DataRoomItem[];
  parentId: string | null;
  openId: string | null;
  onPick: (itemId: string) => void;
};

/** One folder's contents, folders opened in place; the open document is marked current. */
function RoomTree({ items, parentId, openId, onPick }: RoomTreeProps) {
  return childrenOf(items, parentId).map((item) =>
    item.kind === 'folder' ? (
      <NavLink
        key={item.id}
        component="button"
        type="button"
        label={item.name}
        leftSection={<IconFolder size={18} aria-hidden />}
        defaultOpened
        childrenOffset="md"
        data-testid="link-room-folder"
      >
        <RoomTree items={items} parentId={item.id} openId={openId} onPick={onPick} />
      </NavLink>
    ) : (
      <NavLink
        key={item.id}
        component="button"
        type="button"
        label={item.name}
        description={isViewable(item) ? `${item.pageCount ?? 0} pages` : `Download · ${formatFileSize(item.size ?? 0)}`}
        leftSection={isViewable(item) ? <IconFileTypePdf size={18} aria-hidden /> : <IconFile size={18} aria-hidden />}
        active={item.id === openId}
        // A grey tint with the text's own colours: the primary tint left too little contrast (axe).
        color="gray"
        fw={item.id === openId ? 600 : undefined}
        aria-current={item.id === openId ? 'page' : undefined}
        onClick={() => onPick(item.id)}
        data-testid="link-room-file"
      />
    ),
  );
}

type RoomDocumentProps = {
  slug: string;
  item: DataRoomItem;
  allowDownload: boolean;
  isWatermarked: boolean;
  viewerToken: string;
  onAccessEnded: LinkReaderProps['onAccessEnded'];
};

/** The open document: a PDF in the viewer, or a file to download. */
function RoomDocument({ slug, item, allowDownload, isWatermarked, viewerToken, onAccessEnded }: RoomDocumentProps) {
  const download = useLinkDownload(viewerToken, onAccessEnded);
  const canSave = allowDownload && (isViewable(item) || !isWatermarked);
  const saveButton = canSave ? (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={download.isDownloading}
      onClick={() =>
        void download.save(
          publicLinkPaths.roomDownload(slug, item.id),
          item.name,
          `We couldn't download ${item.name}. Try again in a moment.`,
        )
      }
    >
      Download
    </Button>
  ) : null;

  return (
    <Stack gap="sm" data-testid="link-room-document">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Title>
        {saveButton}
      </Group>
      <FormErrorAlert message={download.problem} title="Download failed" />
      {isViewable(item) ? (
        <RoomPdf slug={slug} item={item} viewerToken={viewerToken} onAccessEnded={onAccessEnded} />
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <Text fz="sm" c="dimmed">
            {canSave
              ? `${formatFileSize(item.size ?? 0)}. This file does not open in the browser: download it to read it.`
              : isWatermarked && allowDownload
                ? 'This link marks every page with your email, which this kind of file cannot carry. Ask the founder for a copy.'
                : 'This file does not open in the browser, and this link does not allow downloads. Ask the founder for a copy.'}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/** A room's PDF in the viewer, its reading reported for this document. */
function RoomPdf({
  slug,
  item,
  viewerToken,
  onAccessEnded,
}: Omit<RoomDocumentProps, 'allowDownload' | 'isWatermarked'>) {
  const { state, retry } = useLinkFile(publicLinkPaths.roomFile(slug, item.id), viewerToken, onAccessEnded, {
    isLinkFile: false,
  });
  const handlePageTime = useLinkViewRecorder(slug, viewerToken, item.id);
  return <LinkDocument state={state} title={item.name} noun="document" onRetry={retry} onPageTime={handlePageTime} />;
}
