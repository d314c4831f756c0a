// The releases whose databases previous-release.test.ts migrates, and the fixtures make-previous-release-fixture.ts
// made from them (one directory each: previous-release-data.sql, -answers.json, -migrations.json).

/** Who an answer was asked as: a guest, or a person of the fixture signed in (found again by email). */
export type Asker = 'staff' | 'admin' | 'shopper' | 'guest'

export interface PreviousRelease {
  /** The release's commit. */
  release: string
  /** Its last migration (the schema its rows were stored in). */
  lastMigration: number
  /** The fixture's directory, next to this file. */
  dir: string
  /** The people who sign in, by email: `staff` is the spec's super_admin, `admin` the spec's admin. */
  people: Partial<Record<Exclude<Asker, 'guest'>, string>>
}

export const PREVIOUS_RELEASES: PreviousRelease[] = [
  // Issue 28: before pack sizes (the fixture of decision 0150's migration).
  {
    release: '5c409e9',
    lastMigration: 21,
    dir: 'fixture',
    people: { staff: 'staff@example.ly', shopper: 'salem@example.ly' },
  },
  // Issue 30: before staff roles, the audit trail and the stock ledger (issue 29's offers, packs and price breaks).
  {
    release: '302a863',
    lastMigration: 24,
    dir: 'fixture-302a863',
    people: { staff: 'staff@example.ly', admin: 'manager@example.ly', shopper: 'salem@example.ly' },
  },
  // Issue 38: before the customer's contact in parts (migration 0027, decision 0214); staff roles and the ledger in.
  {
    release: '5ebd1fa',
    lastMigration: 26,
    dir: 'fixture-5ebd1fa',
    people: { staff: 'staff@example.ly', admin: 'manager@example.ly', shopper: 'salem@example.ly' },
  },
]
