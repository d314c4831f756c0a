import { describe, expect, it } from 'vitest'
import { isoToZoned, zonedToIso, zoneOffsetMinutes } from './offer-time.ts'

describe('offer dates in the shop time zone', () => {
  it('reads a date-time in Africa/Tripoli (UTC+2, no summer time) whatever the browser zone', () => {
    expect(zonedToIso('2026-03-30T00:00', 'Africa/Tripoli')).toBe('2026-03-30T00:00:00+02:00')
    expect(zonedToIso('2026-07-01T23:59', 'Africa/Tripoli')).toBe('2026-07-01T23:59:00+02:00')
    expect(new Date(zonedToIso('2026-03-30T00:00', 'Africa/Tripoli')!).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    )
    expect(zonedToIso('', 'Africa/Tripoli')).toBeNull()
    expect(zonedToIso('30/03/2026', 'Africa/Tripoli')).toBeUndefined()
  })

  it('uses the offset of that moment where the zone has summer time', () => {
    expect(zonedToIso('2026-01-15T10:00', 'Europe/Berlin')).toBe('2026-01-15T10:00:00+01:00')
    expect(zonedToIso('2026-07-15T10:00', 'Europe/Berlin')).toBe('2026-07-15T10:00:00+02:00')
    expect(zonedToIso('2026-07-15T10:00', 'America/New_York')).toBe('2026-07-15T10:00:00-04:00')
    expect(zoneOffsetMinutes(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe(0)
  })

  it('shows a stored instant back as the shop’s wall time', () => {
    expect(isoToZoned('2026-03-29T22:00:00.000Z', 'Africa/Tripoli')).toBe('2026-03-30T00:00')
    expect(isoToZoned('2026-07-15T08:00:00.000Z', 'Europe/Berlin')).toBe('2026-07-15T10:00')
    expect(isoToZoned(null, 'Africa/Tripoli')).toBe('')
    for (const local of ['2026-03-30T00:00', '2026-12-31T23:30'])
      expect(isoToZoned(zonedToIso(local, 'Africa/Tripoli'), 'Africa/Tripoli')).toBe(local)
  })
})
