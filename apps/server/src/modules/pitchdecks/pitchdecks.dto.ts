import type { Sector, Stage } from '@deckvalid/contract/accounts';
import type { DeckVersionSummary } from '@deckvalid/contract/pitchdecks';
import type { UploadsService } from '@/modules/storage/uploads.service';
import type { DeckVersion, PitchDeck } from './pitchdecks.repository';

// Domain rows to the contract's DTOs, shared by the deck services. Each route's response schema
// then drops whatever a DTO carries beyond its contract.

/** How far processing of one version got, as founders read it. */
export function versionSummary(version: DeckVersion): DeckVersionSummary {
  return {
    number: version.number,
    status: version.status,
    failureReason: version.failureReason,
    uploadedAt: version.createdAt.toISOString(),
  };
}

/** The deck's details with the figures of `shown`, the version its reader sees. */
export function baseDto(row: PitchDeck, shown: Pick<DeckVersion, 'pageCount' | 'fileSize'>) {
  return {
    id: row.id,
    company: row.company,
    title: row.title,
    pitch: row.pitch,
    sector: row.sector as Sector,
    stage: row.stage as Stage,
    amountSought: row.amountSought,
    location: row.location,
    website: row.website,
    status: row.status,
    pageCount: shown.pageCount,
    fileSize: shown.fileSize,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
  };
}

/**
 * A signed address of a version's file, or null when it failed: that file is not served back, as
 * it is the file that could not be read (or one that expands to gigabytes), nothing shows it, and
 * its founder still has the original.
 */
export async function fileUrlOf(
  uploads: UploadsService,
  version: Pick<DeckVersion, 'status' | 'fileKey'>,
): Promise<string | null> {
  return version.status === 'failed' ? null : uploads.downloadUrl(version.fileKey);
}

/** A signed address of the version's drawn page 1, or null while it has none. */
export async function thumbnailUrlOf(
  uploads: Pick<UploadsService, 'downloadUrl'>,
  version: Pick<DeckVersion, 'thumbnailKey'>,
): Promise<string | null> {
  return version.thumbnailKey ? uploads.downloadUrl(version.thumbnailKey) : null;
}
