import type { StoredKind, UploadKind } from '@deckvalid/contract/uploads';
import type { Principal } from '@/core/identity/principal';

/** What the key of an upload says about it (keys are made by the server and carry their owner). */
export type UploadSubject = { kind: StoredKind; ownerId: string };

/** An account uses (creates a deck from, sets as its picture, deletes) only uploads it was handed, as the kind asked for. */
export const canUseUpload = (principal: Principal, upload: UploadSubject, kind: UploadKind) =>
  upload.kind === kind && upload.ownerId === principal.accountId;
