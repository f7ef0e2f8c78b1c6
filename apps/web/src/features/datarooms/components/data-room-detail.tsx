import { type DataRoomItem, dataRoomLimits } from '@deckvalid/contract/datarooms';
import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconFile,
  IconFileTypeCsv,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileTypePpt,
  IconFileTypeXls,
  IconFolder,
  IconFolderPlus,
  IconPencil,
  IconPhoto,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { formatFileSize, formatMegabytes } from '@/shared/api/upload-file';
import { formatDate } from '@/shared/lib/format-date';
import { DeckViewer } from '@/shared/pdf/deck-viewer';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { childrenOf, folderOf, hasProcessingFile, moveTargetsOf, pathTo, processingPollMs } from '../data-room-tree';
import {
  useCreateDataRoomFolderMutation,
  useDataRoomQuery,
  useDeleteDataRoomItemMutation,
  useDeleteDataRoomMutation,
  useInvestorDataRoomQuery,
  useOpenDataRoomFileMutation,
  useOpenInvestorDataRoomFileMutation,
  useRenameDataRoomMutation,
  useUpdateDataRoomItemMutation,
} from '../datarooms-api';
import { checkRoomFile, type QueuedUpload, roomFileAccept, UploadRow } from './data-room-uploads';
import { NameModal } from './name-modal';

/**
 * Whose view of a room: the founder's, who changes it, or an investor's, given the room through
 * an accepted interest and reading it only (the investor's calls, no actions).
 */
export type DataRoomSide = 'founder' | 'investor';

type DataRoomDetailProps = {
  roomId: string;
  side?: DataRoomSide;
  /** The list of rooms (config/paths), the first breadcrumb and where a deleted room goes. */
  listPath: string;
  /** Shown below the room's contents once it has loaded: the page's "Who has this room". */
  sharing?: ReactNode;
};

/** What a dialog is open for: one at a time, on one item. */
type Dialog =
  | { kind: 'renameRoom' }
  | { kind: 'deleteRoom' }
  | { kind: 'newFolder' }
  | { kind: 'rename'; item: DataRoomItem }
  | { kind: 'move'; item: DataRoomItem }
  | { kind: 'delete'; item: DataRoomItem };

const statusBadges = {
  processing: { color: 'yellow', label: 'Processing' },
  ready: { color: 'teal', label: 'Ready' },
  failed: { color: 'red', label: 'Failed' },
} as const;

const pagesLabel = (count: number) => (count === 1 ? '1 page' : `${count} pages`);

/** A file's icon by its type; PDFs red as the deck viewer's, the rest in the office suites' colours. */
function fileIconOf(mime: string | null) {
  // flexShrink 0: a long name must not squeeze the icon on a phone.
  const props = { size: 22, stroke: 1.5, 'aria-hidden': true, style: { flexShrink: 0 } } as const;
  if (mime === 'application/pdf') return <IconFileTypePdf {...props} color="var(--mantine-color-red-7)" />;
  if (mime === 'text/csv') return <IconFileTypeCsv {...props} color="var(--mantine-color-green-7)" />;
  if (mime?.includes('spreadsheet') || mime === 'application/vnd.ms-excel') {
    return <IconFileTypeXls {...props} color="var(--mantine-color-green-7)" />;
  }
  if (mime?.includes('wordprocessing') || mime === 'application/msword') {
    return <IconFileTypeDoc {...props} color="var(--mantine-color-blue-7)" />;
  }
  if (mime?.includes('presentation')) return <IconFileTypePpt {...props} color="var(--mantine-color-orange-7)" />;
  if (mime?.startsWith('image/')) return <IconPhoto {...props} color="var(--mantine-color-grape-7)" />;
  return <IconFile {...props} />;
}

/**
 * A data room: its name, the path to the open folder (kept in `?folder=` so a reload or a shared
 * address opens the same place), that folder's folders and files, and every change to them.
 */
export function DataRoomDetail({ roomId, side = 'founder', listPath, sharing }: DataRoomDetailProps) {
  const isInvestor = side === 'investor';
  // Both hooks always run (the rules of hooks); the other side's is skipped, never fetched.
  const founderRoom = useDataRoomQuery(roomId, { skip: isInvestor });
  const investorRoom = useInvestorDataRoomQuery(roomId, { skip: !isInvestor });
  const room = isInvestor ? investorRoom : founderRoom;
  // A second subscription that polls only while a PDF is processing, so the room refreshes
  // itself into "Ready" without polling rooms that have nothing pending.
  const isProcessing = room.data ? hasProcessingFile(room.data.items) : false;
  useDataRoomQuery(roomId, { skip: isInvestor || !isProcessing, pollingInterval: processingPollMs });

  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const openFiles = useRef<() => void>(null);
  const nextUploadId = useRef(0);

  const [renameRoom] = useRenameDataRoomMutation();
  const [deleteRoom, roomDeletion] = useDeleteDataRoomMutation();
  const [createFolder] = useCreateDataRoomFolderMutation();
  const [updateItem] = useUpdateDataRoomItemMutation();
  const [deleteItem, itemDeletion] = useDeleteDataRoomItemMutation();

  if (room.isLoading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the data room">
        <Skeleton height={16} width={200} />
        <Skeleton height={32} width={280} />
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!room.data) {
    const problem = describeApiError(room.error);
    // An investor's room answers 404 once its grant ends: the founder took it back, or the
    // interest it came with was withdrawn or declined. Say that, not "not found".
    const isNoLongerShared = isInvestor && problem.code === 'NOT_FOUND';
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Data room
        </Title>
        <FormErrorAlert
          title={
            isNoLongerShared
              ? 'This room is no longer shared with you'
              : problem.code === 'NOT_FOUND'
                ? 'This data room is not there'
                : "We couldn't load the data room"
          }
          message={
            isNoLongerShared
              ? 'The founder took it back, or the interest it came with has ended. The rooms shared with you now are under Data rooms.'
              : problem.message
          }
        />
        <Group gap="sm">
          {problem.code !== 'NOT_FOUND' && (
            <Button variant="default" onClick={() => void room.refetch()}>
              Try again
            </Button>
          )}
          <Button component={Link} to={listPath} variant="default">
            Back to data rooms
          </Button>
        </Group>
      </Stack>
    );
  }

  const { items } = room.data;
  const folder = folderOf(items, searchParams.get('folder'));
  const folderId = folder?.id ?? null;
  const trail = pathTo(items, folderId);
  const shown = childrenOf(items, folderId);
  const folderHref = (id: string | null) => (id ? `?${new URLSearchParams({ folder: id })}` : '?');
  const close = () => setDialog(null);

  const handleDrop = (files: FileWithPath[]) => {
    const accepted: QueuedUpload[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const problem = checkRoomFile(file);
      if (problem) refused.push(problem);
      else accepted.push({ id: `upload-${nextUploadId.current++}`, file, parentId: folderId });
    }
    setRefusals(refused);
    setUploads((current) => [...current, ...accepted]);
  };
  const dropUpload = (upload: QueuedUpload) => setUploads((current) => current.filter((row) => row.id !== upload.id));
  const handleAdded = (upload: QueuedUpload, item: DataRoomItem) => {
    dropUpload(upload);
    notifications.show({ color: 'teal', message: `“${item.name}” is in the room.` });
  };

  const handleRenameRoom = async (name: string) => {
    const result = await renameRoom({ roomId, body: { name } });
    if ('error' in result) return describeApiError(result.error);
    close();
    return null;
  };
  const handleNewFolder = async (name: string) => {
    const result = await createFolder({ roomId, body: { name, parentId: folderId } });
    if ('error' in result) return describeApiError(result.error);
    close();
    return null;
  };
  const handleRenameItem = (item: DataRoomItem) => async (name: string) => {
    const result = await updateItem({ roomId, itemId: item.id, body: { name } });
    if ('error' in result) return describeApiError(result.error);
    close();
    return null;
  };
  const handleDeleteRoom = async () => {
    const result = await deleteRoom(roomId);
    if ('error' in result) {
      notifications.show({ color: 'red', message: describeApiError(result.error).message });
      return;
    }
    notifications.show({ color: 'teal', message: `Data room “${room.data?.name}” is deleted.` });
    navigate(listPath);
  };
  const handleDeleteItem = async (item: DataRoomItem) => {
    const result = await deleteItem({ roomId, itemId: item.id });
    if ('error' in result) {
      notifications.show({ color: 'red', message: describeApiError(result.error).message });
      return;
    }
    close();
    notifications.show({ color: 'teal', message: `“${item.name}” is deleted.` });
  };

  return (
    <Stack gap="lg">
      <Breadcrumbs component="nav" aria-label="Breadcrumb" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        <Anchor component={Link} to={listPath} fz="sm">
          Data rooms
        </Anchor>
        {trail.length === 0 ? (
          <Text fz="sm" aria-current="page" style={{ overflowWrap: 'anywhere' }}>
            {room.data.name}
          </Text>
        ) : (
          <Anchor component={Link} to={folderHref(null)} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {room.data.name}
          </Anchor>
        )}
        {trail.map((step, index) =>
          index === trail.length - 1 ? (
            <Text key={step.id} fz="sm" aria-current="page" style={{ overflowWrap: 'anywhere' }}>
              {step.name}
            </Text>
          ) : (
            <Anchor
              key={step.id}
              component={Link}
              to={folderHref(step.id)}
              fz="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {step.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap={4} wrap="nowrap" miw={0} align="center">
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {room.data.name}
          </Title>
          {!isInvestor && (
            <>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Rename data room"
                onClick={() => setDialog({ kind: 'renameRoom' })}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Delete data room"
                onClick={() => setDialog({ kind: 'deleteRoom' })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </>
          )}
        </Group>
        {!isInvestor && (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'newFolder' })}
            >
              New folder
            </Button>
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => openFiles.current?.()}>
              Upload files
            </Button>
          </Group>
        )}
      </Group>

      {!isInvestor && (
        <Dropzone
          openRef={openFiles}
          onDrop={handleDrop}
          onReject={(rejections) =>
            setRefusals(rejections.map(({ file }) => checkRoomFile(file) ?? `“${file.name}” was refused.`))
          }
          accept={roomFileAccept}
          multiple
          activateOnClick={false}
          radius="md"
          p="md"
          data-testid="data-room-dropzone"
          inputProps={{ 'aria-label': 'Files to upload' }}
        >
          <Group gap="sm" justify="center" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconUpload size={20} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text fz="sm" c="dimmed">
              Drop files here to add them to {folder ? `“${folder.name}”` : 'the room'}: PDFs, spreadsheets, documents,
              presentations and images, up to {formatMegabytes(dataRoomLimits.fileBytes)} each.
            </Text>
          </Group>
        </Dropzone>
      )}

      {refusals.length > 0 && <FormErrorAlert title="Some files were not added" message={refusals.join(' ')} />}
      {uploads.length > 0 && (
        <Stack gap="xs" aria-label="Uploads" role="region">
          {uploads.map((upload) => (
            <UploadRow key={upload.id} roomId={roomId} upload={upload} onAdded={handleAdded} onDismiss={dropUpload} />
          ))}
        </Stack>
      )}

      {shown.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={500}>{folder ? 'This folder is empty.' : 'This data room is empty.'}</Text>
          {!isInvestor && (
            <Text fz="sm" c="dimmed">
              Add folders to sort your documents, and upload PDFs into them.
            </Text>
          )}
        </Paper>
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-label={folder ? `Contents of ${folder.name}` : 'Contents of the room'}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {shown.map((item) => (
            <ItemRow
              key={item.id}
              roomId={roomId}
              side={side}
              item={item}
              folderHref={folderHref(item.id)}
              onDialog={setDialog}
            />
          ))}
        </Stack>
      )}

      {sharing}

      <NameModal
        isOpen={dialog?.kind === 'renameRoom'}
        onClose={close}
        title="Rename data room"
        label="Name"
        submitLabel="Save name"
        initialName={room.data.name}
        onSubmit={handleRenameRoom}
      />
      <NameModal
        isOpen={dialog?.kind === 'newFolder'}
        onClose={close}
        title={folder ? `New folder in “${folder.name}”` : 'New folder'}
        label="Folder name"
        submitLabel="Create folder"
        onSubmit={handleNewFolder}
      />
      <NameModal
        isOpen={dialog?.kind === 'rename'}
        onClose={close}
        title={dialog?.kind === 'rename' && dialog.item.kind === 'folder' ? 'Rename folder' : 'Rename file'}
        label="Name"
        submitLabel="Save name"
        initialName={dialog?.kind === 'rename' ? dialog.item.name : ''}
        onSubmit={dialog?.kind === 'rename' ? handleRenameItem(dialog.item) : async () => null}
      />
      <MoveModal
        roomId={roomId}
        items={items}
        item={dialog?.kind === 'move' ? dialog.item : null}
        onClose={close}
        onMove={updateItem}
      />
      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={dialog?.kind === 'delete' && dialog.item.kind === 'folder' ? 'Delete folder' : 'Delete file'}
        centered
      >
        {dialog?.kind === 'delete' && (
          <Stack gap="md">
            <Text>
              Delete “{dialog.item.name}”{dialog.item.kind === 'folder' ? ' and everything in it' : ''}? This cannot be
              undone.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button color="red" loading={itemDeletion.isLoading} onClick={() => void handleDeleteItem(dialog.item)}>
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={dialog?.kind === 'deleteRoom'} onClose={close} title="Delete data room" centered>
        <Stack gap="md">
          <Text>Delete “{room.data.name}” with all its folders and files? This cannot be undone.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={roomDeletion.isLoading} onClick={() => void handleDeleteRoom()}>
              Delete data room
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type ItemRowProps = {
  roomId: string;
  side: DataRoomSide;
  item: DataRoomItem;
  folderHref: string;
  onDialog: (dialog: Dialog) => void;
};

/** One folder (a link into it) or file (opens in the viewer), its details and its actions. */
function ItemRow({ roomId, side, item, folderHref, onDialog }: ItemRowProps) {
  const [isViewing, viewer] = useDisclosure(false);
  const [openFile, download] = useOpenRoomFile(side);
  const isDownloading = download.isLoading;
  const isFolder = item.kind === 'folder';

  // Spreadsheets, documents and images are not shown in the app: they download, fetched with the
  // session as a PDF is (the file route answers only to the caller's credentials).
  const handleDownload = async () => {
    const result = await openFile({ roomId, itemId: item.id });
    if ('error' in result) {
      notifications.show({ color: 'red', message: describeApiError(result.error).message });
      return;
    }
    const anchor = document.createElement('a');
    anchor.href = result.data;
    anchor.download = item.name;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    // The click has handed the file to the browser; the address is not needed after it.
    setTimeout(() => URL.revokeObjectURL(result.data), 10_000);
  };
  // Processing is the founder's concern; an investor is only shown files already read.
  const status = item.status && side === 'founder' ? statusBadges[item.status] : null;
  const details = [
    isFolder ? 'Folder' : item.size !== null ? formatFileSize(item.size) : null,
    item.pageCount !== null ? pagesLabel(item.pageCount) : null,
    `updated ${formatDate(item.updatedAt)}`,
  ].filter(Boolean);
  const icon = isFolder ? (
    <IconFolder size={22} stroke={1.5} aria-hidden color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
  ) : (
    fileIconOf(item.mime)
  );
  const name = (
    <Text fw={500} fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {item.name}
    </Text>
  );

  return (
    <Paper
      component="li"
      withBorder
      radius={0}
      px="sm"
      py="xs"
      style={{ marginTop: -1 }}
      data-testid="data-room-item"
      data-kind={item.kind}
      data-status={item.status ?? undefined}
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
          {icon}
          <Stack gap={2} miw={0}>
            {isFolder ? (
              <Anchor component={Link} to={folderHref} c="inherit" underline="hover">
                {name}
              </Anchor>
            ) : item.status === 'ready' ? (
              <UnstyledButton onClick={viewer.open} aria-label={`Open ${item.name}`}>
                {name}
              </UnstyledButton>
            ) : item.kind === 'file' && item.status === null ? (
              <UnstyledButton
                onClick={() => void handleDownload()}
                aria-label={`Download ${item.name}`}
                aria-busy={isDownloading}
              >
                {name}
              </UnstyledButton>
            ) : (
              name
            )}
            <Group gap={6} wrap="wrap">
              <Text fz="xs" c="dimmed">
                {details.join(' · ')}
              </Text>
              {status && (
                <Badge size="xs" variant="light" color={status.color}>
                  {status.label}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {side === 'founder' && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${item.name}`}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => onDialog({ kind: 'rename', item })}
              >
                Rename
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFolder size={14} aria-hidden />}
                onClick={() => onDialog({ kind: 'move', item })}
              >
                Move
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => onDialog({ kind: 'delete', item })}
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {/* Mounted only while open: one portal per row would crowd a long folder. */}
      {isViewing && <FileViewerModal roomId={roomId} side={side} item={item} isOpen onClose={viewer.close} />}
    </Paper>
  );
}

type FileViewerModalProps = {
  roomId: string;
  side: DataRoomSide;
  item: DataRoomItem;
  isOpen: boolean;
  onClose: () => void;
};

/** The file call of one side: the founder's route, or the investor's, which checks the grant. */
function useOpenRoomFile(side: DataRoomSide) {
  const founderCall = useOpenDataRoomFileMutation();
  const investorCall = useOpenInvestorDataRoomFileMutation();
  return side === 'investor' ? investorCall : founderCall;
}

/** A room's PDF in the app's reader, fetched with the session (a plain link has no credentials). */
function FileViewerModal({ roomId, side, item, isOpen, onClose }: FileViewerModalProps) {
  const isSmall = useMediaQuery('(max-width: 48em)');
  const [openFile] = useOpenRoomFile(side);
  const [file, setFile] = useState<{ url: string } | { problem: string } | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    let url: string | null = null;
    let isCurrent = true;
    void openFile({ roomId, itemId: item.id }).then((result) => {
      if ('error' in result) {
        if (isCurrent) setFile({ problem: describeApiError(result.error).message });
        return;
      }
      url = result.data;
      if (isCurrent) setFile({ url: result.data });
      else URL.revokeObjectURL(result.data);
    });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
      setFile(null);
    };
  }, [isOpen, openFile, roomId, item.id]);

  return (
    <Modal opened={isOpen} onClose={onClose} title={item.name} size="xl" fullScreen={isSmall}>
      {file === null ? (
        <Skeleton height={360} radius="md" aria-label="Loading the file" />
      ) : 'problem' in file ? (
        <FormErrorAlert title="We couldn't open the file" message={file.problem} />
      ) : (
        <DeckViewer fileUrl={file.url} title={item.name} />
      )}
    </Modal>
  );
}

type MoveModalProps = {
  roomId: string;
  items: readonly DataRoomItem[];
  item: DataRoomItem | null;
  onClose: () => void;
  onMove: ReturnType<typeof useUpdateDataRoomItemMutation>[0];
};

/** Move an item to the top or into another folder (never into itself or a folder inside it). */
function MoveModal({ roomId, items, item, onClose, onMove }: MoveModalProps) {
  const [target, setTarget] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    setTarget(item ? (item.parentId ?? '') : null);
    setProblem(null);
  }, [item]);
  if (!item) return <Modal opened={false} onClose={onClose} title="Move" />;

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (target === null) return;
    setIsSaving(true);
    const result = await onMove({ roomId, itemId: item.id, body: { parentId: target === '' ? null : target } });
    setIsSaving(false);
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    onClose();
    notifications.show({ color: 'teal', message: `“${item.name}” is moved.` });
  };

  return (
    <Modal opened onClose={onClose} title={`Move “${item.name}”`} centered>
      <form onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="md">
          {problem && <FormErrorAlert message={problem} />}
          <Select
            label="Move to"
            data={moveTargetsOf(items, item)}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving} disabled={target === (item.parentId ?? '')}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
