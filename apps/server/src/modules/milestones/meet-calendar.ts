import { createEvent, type EventAttributes } from 'ics';
import type { MeetRow, MemberRow } from './milestones.repository';

/**
 * Who the file names: the organiser (the milestone's founder, who owns the meet in every
 * calendar), whoever sent this copy on their behalf when that is someone else (an investor who
 * scheduled or moved it: ORGANIZER;SENT-BY), and the attendees.
 */
export type MeetPeople = {
  organizer: Pick<MemberRow, 'name' | 'email'>;
  sentBy: Pick<MemberRow, 'email'> | null;
  attendees: Pick<MemberRow, 'name' | 'email'>[];
};

/**
 * PUBLISH for a download (the file is for the reader's own calendar), REQUEST for an invitation
 * or a change mailed to an attendee, CANCEL for a cancellation (a tombstone is always CANCEL).
 */
export type MeetMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/**
 * A meet as an iCalendar file (RFC 5545) built with `ics`. The UID is the meet's id, so every
 * download of one meet names the same event; SEQUENCE is the row's edit count, so a calendar
 * that imported an older copy replaces it. A cancelled meet (a tombstone) comes out as
 * METHOD:CANCEL with STATUS:CANCELLED and a higher SEQUENCE, which removes it there.
 *
 * Times are written in UTC (DTSTART…Z): `ics` cannot write a VTIMEZONE, and a UTC instant is
 * exact everywhere; the organiser's zone name goes into the description for the reader.
 */
export function meetCalendar(
  meet: MeetRow,
  milestoneTitle: string,
  people: MeetPeople,
  method: MeetMethod = 'PUBLISH',
): string {
  const isCancelled = meet.cancelledAt !== null || method === 'CANCEL';
  const videoUrl = meet.videoUrl === null ? null : calendarText(meet.videoUrl);
  const description = [
    `Milestone: ${calendarText(milestoneTitle)}`,
    `Organiser's time zone: ${calendarText(meet.timeZone)}`,
    videoUrl ? `Video: ${videoUrl}` : null,
    meet.agenda ? `\n${calendarText(meet.agenda)}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const event: EventAttributes = {
    uid: `${meet.id}@pitchlane`,
    sequence: meet.sequence,
    method: isCancelled ? 'CANCEL' : method,
    status: isCancelled ? 'CANCELLED' : 'CONFIRMED',
    productId: 'pitchlane/milestones',
    title: calendarText(meet.title),
    description,
    ...(videoUrl ? { location: videoUrl } : {}),
    start: meet.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: Math.floor(meet.durationMinutes / 60), minutes: meet.durationMinutes % 60 },
    lastModified: meet.updatedAt.getTime(),
    organizer: {
      name: calendarName(people.organizer.name),
      email: people.organizer.email,
      ...(people.sentBy && people.sentBy.email !== people.organizer.email ? { sentBy: people.sentBy.email } : {}),
    },
    attendees: people.attendees.map((attendee) => ({
      name: calendarName(attendee.name),
      email: attendee.email,
      role: 'REQ-PARTICIPANT',
      partstat: 'NEEDS-ACTION',
      rsvp: !isCancelled,
    })),
  };
  const uri = videoUrl === null ? null : calendarUri(videoUrl);
  const withUrl = uri === null ? null : createEvent({ ...event, url: uri });
  // `ics` holds URL to its own pattern (no IPv6 host, for one); a link it refuses still reaches
  // the reader through LOCATION and the description, so the file is written without URL.
  const { error, value } = withUrl && !withUrl.error ? withUrl : createEvent(event);
  // Only malformed input fails here, and the contract has checked every field already.
  if (error || !value) throw error ?? new Error('ics returned nothing');
  return value;
}

/**
 * Text as `ics` should be handed it: CR and CRLF become LF. `ics` escapes LF as `\n` but writes
 * a bare CR raw, which ends the line for some readers and is kept inside the value by others.
 * Older rows may hold CRs that the contract refuses today, so every text goes through this.
 */
function calendarText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * A person's name as a CN parameter: one line, without the double quotes that delimit it (RFC
 * 5545 has no escape for them inside a quoted parameter).
 */
function calendarName(name: string): string {
  return name.replace(/[\r\n"]+/g, ' ').trim();
}

/**
 * A link as the URI a URL property holds (RFC 5545 §3.3.13): the WHATWG serialisation, which
 * percent-encodes spaces and other characters a URI cannot carry; null for a text no URL parser
 * reads (a row stored before the contract checked links the way it stores them).
 */
function calendarUri(link: string): string | null {
  try {
    return new URL(link).href;
  } catch {
    return null;
  }
}
