import type { InvestorPitchDeck } from '@deckvalid/contract/pitchdecks';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { InvestorDeckCard } from './investor-deck-card';
import { InvestorDeckDetails } from './investor-deck-details';

const deck: InvestorPitchDeck = {
  id: 'dck-1',
  company: 'Tallyo',
  title: 'Cash flow for small firms',
  pitch: 'Forecasts a small firm can trust.',
  sector: 'Fintech',
  stage: 'Seed',
  amountSought: 1_800_000,
  location: 'Berlin, Germany',
  website: null,
  status: 'ready',
  pageCount: 12,
  fileSize: 1_000,
  createdAt: '2026-11-18T10:00:00.000Z',
  readyAt: '2026-11-18T10:01:00.000Z',
  version: 1,
  founder: { id: 'usr-1', name: 'Ines Founder' },
  myInterest: null,
  fileUrl: '/files/dck-1.pdf',
  thumbnailUrl: null,
  excerpt: null,
  thesisFit: null,
};

function renderCard(overrides: Partial<InvestorPitchDeck>) {
  render(
    <AppProviders store={createAppStore()}>
      <MemoryRouter>
        <InvestorDeckCard deck={{ ...deck, ...overrides }} to="/investor/pitchdecks/dck-1" />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('InvestorDeckCard thesis line', () => {
  it('says a full match with every reason', () => {
    renderCard({
      thesisFit: {
        isMatch: true,
        score: 3,
        of: 3,
        reasons: [
          { kind: 'sector', label: 'Fintech' },
          { kind: 'stage', label: 'Seed' },
          { kind: 'ticket', label: '$1.8M within your $0.5–2M' },
        ],
      },
    });
    const line = screen.getByTestId('thesis-fit');
    expect(line.textContent).toBe('Matches your thesis: Fintech · Seed · $1.8M within your $0.5–2M');
    expect(line.dataset.match).toBe('true');
  });

  it('counts a partial fit, and shows no line without a thesis or for a deck that meets none of it', () => {
    renderCard({
      thesisFit: { isMatch: false, score: 1, of: 2, reasons: [{ kind: 'place', label: 'Berlin, Germany' }] },
    });
    expect(screen.getByTestId('thesis-fit').textContent).toBe('Fits 1 of 2: Berlin, Germany');
    expect(screen.getByTestId('thesis-fit').dataset.match).toBe('false');
  });

  it.each([null, { isMatch: false, score: 0, of: 2, reasons: [] }])('shows nothing for %j', (thesisFit) => {
    renderCard({ thesisFit });
    expect(screen.queryByTestId('thesis-fit')).toBeNull();
  });
});

describe('InvestorDeckDetails thesis line', () => {
  it('says on the deck page what the card says', () => {
    render(
      <AppProviders store={createAppStore()}>
        <MemoryRouter>
          <InvestorDeckDetails
            deck={{
              ...deck,
              thesisFit: { isMatch: true, score: 1, of: 1, reasons: [{ kind: 'sector', label: 'Fintech' }] },
            }}
          />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByTestId('thesis-fit').textContent).toBe('Matches your thesis: Fintech');
  });
});
