import {
  type CreatePitchDeckBody,
  createPitchDeckBodySchema,
  type FounderPitchDeck,
  type UpdatePitchDeckBody,
  updatePitchDeckBodySchema,
} from '@deckvalid/contract/pitchdecks';
import { zodResolver } from '@/shared/lib/zod-resolver';

/** What the details form holds: selects start empty, the amount is '' until a number is typed. */
export type DeckDetailsValues = {
  company: string;
  title: string;
  pitch: string;
  sector: string;
  stage: string;
  amountSought: number | string;
  location: string;
  website: string;
};

/** The form's fields in visual order: the first invalid one gets focus. */
export const deckFieldOrder = [
  'company',
  'title',
  'pitch',
  'sector',
  'stage',
  'amountSought',
  'location',
  'website',
] as const satisfies readonly (keyof DeckDetailsValues)[];

export const emptyDeckDetails: DeckDetailsValues = {
  company: '',
  title: '',
  pitch: '',
  sector: '',
  stage: '',
  amountSought: '',
  location: '',
  website: '',
};

/**
 * The form's values as the create body's shape, before the contract parses them: an empty select
 * or amount becomes undefined, so the contract's own "Pick a sector…" / "Enter the amount…"
 * messages are the ones shown instead of a type error about ''.
 */
export function deckBodyCandidate(values: DeckDetailsValues, key: string | null): Record<string, unknown> {
  const amount = typeof values.amountSought === 'number' ? values.amountSought : Number.NaN;
  return {
    // Absent rather than undefined: the strict create schema refuses any key it does not expect.
    ...(key === null ? {} : { key }),
    company: values.company,
    title: values.title,
    pitch: values.pitch,
    sector: values.sector || undefined,
    stage: values.stage || undefined,
    amountSought: Number.isFinite(amount) ? amount : undefined,
    location: values.location,
    website: values.website,
  };
}

// The upload is checked apart from the fields: its problem shows at the drop zone, not on a field.
// The details alone are exactly what editing a deck sends, under the same rules.
const resolveDetails = zodResolver(updatePitchDeckBodySchema);

/** Inline errors for the details form, with the contract's messages (same rules as the server). */
export function validateDeckDetails(values: DeckDetailsValues): Record<string, string> {
  return resolveDetails(deckBodyCandidate(values, null));
}

/** The create body (trimmed, website null when blank), or null while anything is missing. */
export function toCreatePitchDeckBody(values: DeckDetailsValues, key: string | null): CreatePitchDeckBody | null {
  const parsed = createPitchDeckBodySchema.safeParse(deckBodyCandidate(values, key));
  return parsed.success ? parsed.data : null;
}

/** A deck's current details as the form holds them, to edit. */
export function deckDetailsValuesOf(deck: FounderPitchDeck): DeckDetailsValues {
  return {
    company: deck.company,
    title: deck.title,
    pitch: deck.pitch,
    sector: deck.sector,
    stage: deck.stage,
    amountSought: deck.amountSought,
    location: deck.location,
    website: deck.website ?? '',
  };
}

/** The edit body (trimmed, website null when blank), or null while anything is invalid. */
export function toUpdatePitchDeckBody(values: DeckDetailsValues): UpdatePitchDeckBody | null {
  const parsed = updatePitchDeckBodySchema.safeParse(deckBodyCandidate(values, null));
  return parsed.success ? parsed.data : null;
}
