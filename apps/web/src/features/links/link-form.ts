import { type CreateLinkBody, createLinkBodySchema, type DeckLink } from '@deckvalid/contract/links';
import { zodResolver } from '@/shared/lib/zod-resolver';

/**
 * A link's settings as the form holds them: lists as text (one entry a line or comma), the
 * expiry as a `datetime-local` value in the founder's time zone, the version as a select value
 * ('' for the live one). `passcodeAction` says what an edit does with a passcode already set.
 */
export type LinkFormValues = {
  name: string;
  requireEmail: boolean;
  verifyEmail: boolean;
  allowList: string;
  denyList: string;
  passcodeAction: 'none' | 'keep' | 'set';
  passcode: string;
  expiresAt: string;
  allowDownload: boolean;
  watermark: boolean;
  agreement: string;
  notify: boolean;
  version: string;
};

/** What the form sends: a create body, or an edit's, which leaves a kept passcode out. */
export type LinkBody = Omit<CreateLinkBody, 'passcode'> & { passcode?: string | null };

/** The form's fields in screen order, for focusing the first one in error. */
export const linkFormFieldOrder = [
  'name',
  'requireEmail',
  'verifyEmail',
  'allowList',
  'denyList',
  'passcode',
  'expiresAt',
  'agreement',
  'version',
] as const;

const entriesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a `datetime-local` input shows it, in the browser's time zone. */
export function localInputOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A new link's settings: an email asked for and the founder told of each first visit. */
export function newLinkValues(): LinkFormValues {
  return {
    name: '',
    requireEmail: true,
    verifyEmail: false,
    allowList: '',
    denyList: '',
    passcodeAction: 'none',
    passcode: '',
    expiresAt: '',
    allowDownload: false,
    watermark: false,
    agreement: '',
    notify: true,
    version: '',
  };
}

/** An existing link's settings, to edit; its passcode is never known here, only whether one is set. */
export function linkValuesOf(link: DeckLink): LinkFormValues {
  return {
    name: link.name,
    requireEmail: link.requireEmail,
    verifyEmail: link.verifyEmail,
    allowList: link.allowList.join('\n'),
    denyList: link.denyList.join('\n'),
    passcodeAction: link.hasPasscode ? 'keep' : 'none',
    passcode: '',
    expiresAt: link.expiresAt ? localInputOf(link.expiresAt) : '',
    allowDownload: link.allowDownload,
    watermark: link.watermark,
    agreement: link.agreement ?? '',
    notify: link.notify,
    version: link.version === null ? '' : String(link.version),
  };
}

/**
 * The body the server takes. Without an email to check, verification, the lists and the
 * watermark (which stamps the email) go off, as the server would refuse them; a passcode kept
 * as it is is left out, so an edit does not send it.
 */
export function linkBodyOf(values: LinkFormValues): LinkBody {
  const hasEmail = values.requireEmail;
  const expiry = values.expiresAt ? new Date(values.expiresAt) : null;
  return {
    name: values.name,
    requireEmail: hasEmail,
    verifyEmail: hasEmail && values.verifyEmail,
    allowList: hasEmail ? entriesOf(values.allowList) : [],
    denyList: hasEmail ? entriesOf(values.denyList) : [],
    // An unreadable date goes through as typed, for the schema to name.
    expiresAt: expiry ? (Number.isNaN(expiry.getTime()) ? values.expiresAt : expiry.toISOString()) : null,
    allowDownload: values.allowDownload,
    watermark: hasEmail && values.watermark,
    agreement: values.agreement.trim() === '' ? null : values.agreement,
    notify: values.notify,
    version: values.version === '' ? null : Number(values.version),
    // An empty new passcode goes through for the schema to ask for it.
    ...(values.passcodeAction === 'keep' ? {} : { passcode: values.passcodeAction === 'set' ? values.passcode : null }),
  };
}

const resolveBody = zodResolver(createLinkBodySchema);

/**
 * The form's errors, from the contract's schema over the body it would send: a list entry's
 * problem shows on its list, and an expiry must be ahead (the server refuses a past one too).
 */
export function validateLinkForm(values: LinkFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(resolveBody(linkBodyOf(values)))) {
    const field = path.split('.')[0] ?? path;
    if (!(field in errors)) errors[field] = message;
  }
  if (values.expiresAt && Date.parse(linkBodyOf(values).expiresAt ?? '') <= Date.now()) {
    errors.expiresAt = 'Pick a time in the future, or leave the expiry empty.';
  }
  return errors;
}
