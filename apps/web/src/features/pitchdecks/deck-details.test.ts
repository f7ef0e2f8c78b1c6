import { describe, expect, it } from 'vitest';
import { type DeckDetailsValues, emptyDeckDetails, toCreatePitchDeckBody, validateDeckDetails } from './deck-details';

const filled: DeckDetailsValues = {
  company: '  Clinicpay ',
  title: 'Seed round',
  pitch: 'Payroll for small clinics',
  sector: 'Fintech',
  stage: 'Seed',
  amountSought: 1_500_000,
  location: 'Berlin, Germany',
  website: '',
};

describe('deck details validation', () => {
  it('names every missing field with the contract message, not a type error', () => {
    const errors = validateDeckDetails(emptyDeckDetails);
    expect(errors).toEqual({
      company: 'Enter the company name.',
      title: 'Enter a title.',
      pitch: 'Enter a one-line pitch.',
      sector: 'Pick a sector from the list.',
      stage: 'Pick a stage from the list.',
      amountSought: 'Enter the amount you are raising in US dollars.',
      location: 'Enter a location.',
    });
  });

  it('accepts complete details and does not ask for the upload key', () => {
    expect(validateDeckDetails(filled)).toEqual({});
  });

  it('checks amount bounds, pitch length and the website address', () => {
    const errors = validateDeckDetails({
      ...filled,
      amountSought: 500,
      pitch: 'x'.repeat(281),
      website: 'clinicpay',
    });
    expect(errors.amountSought).toBe('Enter at least $1,000.');
    expect(errors.pitch).toBe('Use at most 280 characters for a one-line pitch.');
    expect(errors.website).toBe('Enter a full web address starting with https://');
  });

  it('builds the create body: trimmed, blank website as null, with the key', () => {
    expect(toCreatePitchDeckBody(filled, 'decks/k.pdf')).toEqual({
      key: 'decks/k.pdf',
      company: 'Clinicpay',
      title: 'Seed round',
      pitch: 'Payroll for small clinics',
      sector: 'Fintech',
      stage: 'Seed',
      amountSought: 1_500_000,
      location: 'Berlin, Germany',
      website: null,
    });
  });

  it('builds no body without an uploaded file', () => {
    expect(toCreatePitchDeckBody(filled, null)).toBeNull();
  });
});
