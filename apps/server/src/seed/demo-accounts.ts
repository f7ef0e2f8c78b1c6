// No imports: the browser tests sign in as these people too.

/**
 * Demo sign-in details, printed at start; they only ever exist in a database seeded for a demo.
 * Real-sounding people, so the screens read as a product in use: Maya Lind founded Ledgerleaf,
 * the demo's main company; Jonas, Aiko and Priya each founded one of the other demo companies;
 * Ravi and Lena invest through their firms; Tomás mentors Maya before her decks reach investors.
 * Founders come first, Maya leading.
 */
export const demoAccounts = [
  { role: 'user', name: 'Maya Lind', email: 'founder@demo.pitchlane.local', password: 'demo-founder-pass-2026' },
  { role: 'user', name: 'Jonas Berg', email: 'jonas@demo.pitchlane.local', password: 'demo-founder-pass-2026' },
  { role: 'user', name: 'Aiko Tanaka', email: 'aiko@demo.pitchlane.local', password: 'demo-founder-pass-2026' },
  { role: 'user', name: 'Priya Shah', email: 'priya@demo.pitchlane.local', password: 'demo-founder-pass-2026' },
  { role: 'investor', name: 'Ravi Mehta', email: 'ravi@demo.pitchlane.local', password: 'demo-investor-pass-2026' },
  { role: 'investor', name: 'Lena Hoffmann', email: 'lena@demo.pitchlane.local', password: 'demo-investor-pass-2026' },
  { role: 'mentor', name: 'Tomás Reyes', email: 'mentor@demo.pitchlane.local', password: 'demo-mentor-pass-2026' },
] as const;
