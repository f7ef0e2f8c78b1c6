import { createEvent } from 'ics';
import type { MeetRow } from './milestones.repository';

/**
 * A meet as an iCalendar file (RFC 5545) built with `ics`. The UID is the meet's id, so every
 * download of one meet names the same event; SEQUENCE is the row's edit count, so a calendar
 * that imported an older copy replaces it. A cancelled meet (a tombstone) comes out as
 * METHOD:CANCEL with STATUS:CANCELLED and a higher SEQUENCE, which removes it there.
 *
 * Times are written in UTC (DTSTART…Z): `ics` cannot write a VTIMEZONE, and a UTC instant is
 * exact everywhere; the organiser's zone name goes into the description for the reader.
 */
export function meetCalendar(meet: MeetRow, milestoneTitle: string): string {
  const isCancelled = meet.cancelledAt !== null;
  const description = [
    `Milestone: ${milestoneTitle}`,
    `Organiser's time zone: ${meet.timeZone}`,
    meet.videoUrl ? `Video: ${meet.videoUrl}` : null,
    meet.agenda ? `\n${meet.agenda}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const { error, value } = createEvent({
    uid: `${meet.id}@pitchlane`,
    sequence: meet.sequence,
    method: isCancelled ? 'CANCEL' : 'PUBLISH',
    status: isCancelled ? 'CANCELLED' : 'CONFIRMED',
    productId: 'pitchlane/milestones',
    title: meet.title,
    description,
    ...(meet.videoUrl ? { url: meet.videoUrl, location: meet.videoUrl } : {}),
    start: meet.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: Math.floor(meet.durationMinutes / 60), minutes: meet.durationMinutes % 60 },
    lastModified: meet.updatedAt.getTime(),
  });
  // Only malformed input fails here, and the contract has checked every field already.
  if (error || !value) throw error ?? new Error('ics returned nothing');
  return value;
}
